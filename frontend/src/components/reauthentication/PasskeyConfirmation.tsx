import { Alert, Button, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import { useState } from 'react';
import { failureText } from '../../api/failure';
import { confirmWithPasskey } from '../../api/passkeys';
import type { ConfirmationFormProps } from './methods';
import { REAUTHENTICATION_TEXTS } from './texts';

/** One of the member's passkeys, used again (POST /me/reauthenticate/passkey). */
export function PasskeyConfirmation({ onConfirmed, onCancel }: ConfirmationFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await confirmWithPasskey();
      onConfirmed();
    } catch (failure) {
      setError(failureText(failure, REAUTHENTICATION_TEXTS.failed));
      setBusy(false);
    }
  };

  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{REAUTHENTICATION_TEXTS.passkeyExplained}</DialogContentText>
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={busy}>
          {REAUTHENTICATION_TEXTS.passkeyButton}
        </Button>
      </DialogActions>
    </>
  );
}
