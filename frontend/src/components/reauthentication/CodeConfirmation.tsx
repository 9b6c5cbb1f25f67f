import { Alert, Button, DialogActions, DialogContent, DialogContentText, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { api } from '../../api/client';
import { failureText } from '../../api/failure';
import type { Reauthenticated, SecondFactorStatus } from '../../api/types';
import type { ConfirmationFormProps } from './methods';
import { REAUTHENTICATION_TEXTS } from './texts';

/** Whether the member has an authenticator app set up (admins only have one). */
export const hasAuthenticatorApp = (): Promise<boolean> =>
  api<SecondFactorStatus>('/me/second_factor', { noReauthentication: true }).then((status) => status.totp, () => false);

/** A code of the authenticator app or a recovery code, given again (POST /me/reauthenticate/code). */
export function CodeConfirmation({ onConfirmed, onCancel }: ConfirmationFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api<Reauthenticated>('/me/reauthenticate/code', { method: 'POST', body: { code: code.trim() }, noReauthentication: true });
      onConfirmed();
    } catch (failure) {
      setError(failureText(failure, REAUTHENTICATION_TEXTS.failed));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{REAUTHENTICATION_TEXTS.codeExplained}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          label={REAUTHENTICATION_TEXTS.codeLabel}
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          required
          fullWidth
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={busy || code.trim() === ''}>
          Confirm
        </Button>
      </DialogActions>
    </form>
  );
}
