import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { api, ApiError } from '../api/client';
import { failureText } from '../api/failure';
import { AuthCard } from '../components/AuthCard';
import { TextInput } from '../components/form/TextInput';
import { PASSWORD_RULE_TEXTS, passwordRuleProblem } from '../components/password/passwordRules';
import { PasswordStrengthMeter } from '../components/password/PasswordStrengthMeter';
import type { LoginState } from '../session/login';
import type { InvitedEmail, Message } from '../api/types';

/** docs/product.md#screens, #validation, #errors, verbatim; the length rule is the newer one (docs/security.md, V2.1). */
export const RESET_TEXTS = {
  validating: 'Validating reset token...',
  invalidTitle: 'Invalid Reset Link',
  noToken: 'No reset token provided.',
  invalidToken: 'Invalid or expired reset token.',
  error: 'An error occurred. Please try again.',
  mismatch: 'Passwords do not match.',
  tooShort: PASSWORD_RULE_TEXTS.tooShort,
  failed: 'Failed to reset password. Please try again.',
} as const;

type Check = { state: 'validating' } | { state: 'invalid'; message: string } | { state: 'ready'; email: string };

/** `/reset-password/:token` (docs/product.md#screens, #states): the token is checked first, then the new password, then /login. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [check, setCheck] = useState<Check>(token ? { state: 'validating' } : { state: 'invalid', message: RESET_TEXTS.noToken });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);

  const reset = useMutation({
    mutationFn: (password_reset: { password: string; password_confirmation: string }) =>
      api<Message>(`/password_resets/${encodeURIComponent(token)}`, { method: 'PATCH', body: { password_reset } }),
    onError: (failure) => setError(failureText(failure, RESET_TEXTS.failed)),
  });
  // A new password sends the visitor to /login: the button stays off until it is there.
  const busy = reset.isPending || reset.isSuccess;

  useEffect(() => {
    if (!token) return;
    let active = true;
    api<InvitedEmail>(`/password_resets/${encodeURIComponent(token)}`).then(
      ({ email }) => active && setCheck({ state: 'ready', email }),
      (failure: unknown) =>
        active &&
        setCheck({ state: 'invalid', message: failure instanceof ApiError && failure.status < 500 ? RESET_TEXTS.invalidToken : RESET_TEXTS.error }),
    );
    return () => {
      active = false;
    };
  }, [token]);

  if (check.state === 'validating') {
    return (
      <AuthCard title="Reset Password">
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{RESET_TEXTS.validating}</Typography>
        </Box>
      </AuthCard>
    );
  }

  if (check.state === 'invalid') {
    return (
      <AuthCard title={RESET_TEXTS.invalidTitle}>
        <Stack spacing={2}>
          <Alert severity="error">{check.message}</Alert>
          <Button variant="contained" component={RouterLink} to="/forgot-password">
            Request a new reset link
          </Button>
          <Button variant="outlined" component={RouterLink} to="/login">
            Back to Login
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordRuleProblem(password);
    if (problem) return setError(problem);
    if (password !== confirmation) return setError(RESET_TEXTS.mismatch);
    setError(null);
    reset.mutate(
      { password, password_confirmation: confirmation },
      { onSuccess: ({ message }) => navigate('/login', { replace: true, state: { message, email: check.email } satisfies LoginState }) },
    );
  };

  return (
    <AuthCard title="Reset Password">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <Typography>
            Choose a new password for <strong>{check.email}</strong>
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
          <TextInput
            label="New Password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            helperText={PASSWORD_RULE_TEXTS.hint}
          />
          <PasswordStrengthMeter password={password} userInputs={[check.email]} />
          <TextInput
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? 'Resetting...' : 'Reset Password'}
          </Button>
          <Link component={RouterLink} to="/login">
            Back to Login
          </Link>
        </Stack>
      </Box>
    </AuthCard>
  );
}
