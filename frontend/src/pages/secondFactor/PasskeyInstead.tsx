import { Alert, Button, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { failureText } from '../../api/failure';
import { addPasskey, passkeysSupported } from '../../api/passkeys';

/** The set-up page's other way: a passkey on this device is an admin's strong factor by itself. */
export function PasskeyInstead({ onAdded }: { onAdded: () => void }) {
  const add = useMutation({ mutationFn: () => addPasskey('Passkey'), onSuccess: onAdded });
  if (!passkeysSupported()) return null;
  return (
    <Stack spacing={1}>
      <Typography color="text.secondary">Or use a passkey on this device instead of an authenticator app.</Typography>
      {add.isError && <Alert severity="error">{failureText(add.error, 'Could not add the passkey')}</Alert>}
      <Button variant="outlined" onClick={() => add.mutate()} disabled={add.isPending}>
        Use a passkey instead
      </Button>
    </Stack>
  );
}
