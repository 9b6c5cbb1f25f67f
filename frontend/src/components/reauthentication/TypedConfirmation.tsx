import { Alert, Button, DialogActions, DialogContent, DialogContentText, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { api } from '../../api/client';
import { failureText } from '../../api/failure';
import type { Reauthenticated } from '../../api/types';
import type { ConfirmationFormProps } from './methods';
import { REAUTHENTICATION_TEXTS } from './texts';

interface TypedConfirmationProps extends ConfirmationFormProps {
  explained: string;
  label: string;
  type?: 'password';
  autoComplete: 'current-password' | 'one-time-code';
  /** Where the typed proof goes and under which field: POST /me/reauthenticate {password}, /code {code}. */
  path: string;
  field: 'password' | 'code';
}

/** A proof typed in the dialog (the password, or an authenticator's or recovery code), sent to the API once. */
export function TypedConfirmation({ onConfirmed, onCancel, explained, label, type, autoComplete, path, field }: TypedConfirmationProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A code is read without spaces around it; a password exactly as typed (spaces are characters like any other).
  const proof = field === 'code' ? value.trim() : value;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api<Reauthenticated>(path, { method: 'POST', body: { [field]: proof }, noReauthentication: true });
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
          {explained}
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField label={label} type={type} autoComplete={autoComplete} value={value} onChange={(event) => setValue(event.target.value)} required fullWidth autoFocus />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={busy || proof === ''}>
          Confirm
        </Button>
      </DialogActions>
    </form>
  );
}
