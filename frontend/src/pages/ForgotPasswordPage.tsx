import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../api/client';
import { failureText } from '../api/failure';
import { AuthCard } from '../components/AuthCard';
import { TextInput } from '../components/form/TextInput';
import type { Message } from '../api/types';

export const FORGOT_TEXTS = {
  sent: 'Check Your Email',
  spamHint: "If the e-mail does not arrive within a few minutes, check your spam folder.",
  failed: 'An error occurred. Please try again.',
} as const;

/** `/forgot-password` (docs/product.md#screens): asks for a reset link by e-mail. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  // A flag, not useMutation: this chunk reads no queries, and useMutation here splits react-query's core out of the
  // entry chunk, about 0.8 KiB more on every page (docs/member-pages.md#bundle-web-app-weight).
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { message } = await api<Message>('/password_resets', { method: 'POST', body: { email } });
      setSent(message);
    } catch (failure) {
      setError(failureText(failure, FORGOT_TEXTS.failed));
    } finally {
      setBusy(false);
    }
  };

  if (sent !== null) {
    return (
      <AuthCard title={FORGOT_TEXTS.sent}>
        <Stack spacing={2}>
          <Alert severity="success">{sent}</Alert>
          <Typography variant="body2" color="text.secondary">
            {FORGOT_TEXTS.spamHint}
          </Typography>
          <Button variant="contained" component={RouterLink} to="/login">
            Back to Login
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot Password">
      <Box component="form" onSubmit={submit}>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            Enter the e-mail of your account and we will send you a link to choose a new password.
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
          <TextInput label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? 'Sending...' : 'Send Reset Link'}
          </Button>
          <Link component={RouterLink} to="/login">
            Back to Login
          </Link>
        </Stack>
      </Box>
    </AuthCard>
  );
}
