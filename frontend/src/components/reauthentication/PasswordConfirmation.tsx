import { Alert, Button, DialogActions, DialogContent, DialogContentText, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { api } from '../../api/client';
import { failureText } from '../../api/failure';
import type { Reauthenticated } from '../../api/types';
import { REAUTHENTICATION_TEXTS } from './texts';
import type { ConfirmationFormProps } from './methods';

/** The password, given again (POST /me/reauthenticate): the way to confirm that every account has. */
export function PasswordConfirmation({ onConfirmed, onCancel }: ConfirmationFormProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api<Reauthenticated>('/me/reauthenticate', { method: 'POST', body: { password }, noReauthentication: true });
      onConfirmed();
    } catch (failure) {
      setError(failureText(failure, REAUTHENTICATION_TEXTS.failed));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent>
        <DialogContentText id="reauthentication-text" sx={{ mb: 2 }}>
          {REAUTHENTICATION_TEXTS.passwordExplained}
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
          fullWidth
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={busy || password === ''}>
          Confirm
        </Button>
      </DialogActions>
    </form>
  );
}
