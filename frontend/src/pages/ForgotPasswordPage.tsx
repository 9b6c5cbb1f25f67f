import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
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
  const [error, setError] = useState<string | null>(null);

  const request = useMutation({
    mutationFn: (address: string) => api<Message>('/password_resets', { method: 'POST', body: { email: address } }),
    onError: (failure) => setError(failureText(failure, FORGOT_TEXTS.failed)),
  });
  const busy = request.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    request.mutate(email);
  };

  if (request.isSuccess) {
    const sent = request.data.message;
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
