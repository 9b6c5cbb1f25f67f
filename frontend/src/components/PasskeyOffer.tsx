import { Alert, Button, Snackbar, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { failureText } from '../api/failure';
import { passkeyOffer } from '../api/passkeyOffer';
import { addPasskey } from '../api/passkeys';
import { usePasskeys } from '../api/profile';
import { isCeremonyCancelled, PASSKEYS_TEXTS } from './passkeysTexts';
import { useSession } from '../session/session';

/**
 * After a password sign-in (a registration's first one too), the offer to add a passkey on this device: once per
 * sign-in, never again on this device once dismissed, and not to a member who has one already. Its own chunk.
 */
export default function PasskeyOffer() {
  const { user } = useSession();
  const passkeys = usePasskeys(user?.id);
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const offered = open && user !== null && passkeys.data?.length === 0;

  useEffect(() => {
    if (offered) passkeyOffer.shown();
  }, [offered]);

  if (!user || (!offered && !message)) return null;

  const accept = async () => {
    setBusy(true);
    try {
      await addPasskey(PASSKEYS_TEXTS.defaultName);
      setMessage({ severity: 'success', text: PASSKEYS_TEXTS.added });
      void passkeys.refetch();
    } catch (failure) {
      setMessage({ severity: 'error', text: isCeremonyCancelled(failure) ? PASSKEYS_TEXTS.cancelled : failureText(failure, PASSKEYS_TEXTS.addFailed) });
    }
    setBusy(false);
    setOpen(false);
  };
  const dismiss = () => {
    passkeyOffer.dismiss();
    setOpen(false);
  };

  return (
    <Snackbar open anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      {message ? (
        <Alert severity={message.severity} elevation={6} onClose={() => setMessage(null)}>
          {message.text}
        </Alert>
      ) : (
        <Alert
          severity="info"
          elevation={6}
          role="dialog"
          aria-label={PASSKEYS_TEXTS.offerTitle}
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" size="small" disabled={busy} onClick={() => void accept()}>
                {PASSKEYS_TEXTS.offerAccept}
              </Button>
              <Button color="inherit" size="small" disabled={busy} onClick={dismiss}>
                {PASSKEYS_TEXTS.offerDismiss}
              </Button>
            </Stack>
          }
        >
          <strong>{PASSKEYS_TEXTS.offerTitle}</strong> {PASSKEYS_TEXTS.offerText}
        </Alert>
      )}
    </Snackbar>
  );
}
