import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { api, ApiError } from '../api/client';
import { failureText } from '../api/failure';
import { AuthCard } from '../components/AuthCard';
import { TextInput } from '../components/form/TextInput';
import { PASSWORD_RULE_TEXTS, passwordRuleProblem } from '../components/password/passwordRules';
import { PasswordStrengthMeter } from '../components/password/PasswordStrengthMeter';
import { REGISTER_REDIRECT_MS } from '../constants';
import type { LoginState } from '../session/login';
import type { InvitedEmail } from '../api/types';

export const REGISTER_TEXTS = {
  success: 'Registration successful! Redirecting...',
  failed: 'Registration failed',
  noInvitation: 'Registration needs an invitation: open the link in your invitation e-mail.',
  /** Handed to the login page with the e-mail (docs/product.md#screens: a success message passed through navigation state). */
  signInNow: 'Registration successful! Sign in with your new account.',
  checking: 'Checking your invitation…',
  invitationUnreadable: 'Your invitation could not be checked. Please try again.',
  lockedEmail: 'The address your invitation was sent to.',
} as const;

/** What the invitation link says: still being read, the invited address, or why it cannot be used. */
type Invitation = { state: 'none' } | { state: 'checking' } | { state: 'valid'; email: string } | { state: 'invalid'; message: string };

/**
 * `/register?invitation_token=…` (docs/product.md#screens): a member's account, from an invitation. The link's token is looked up
 * first (GET /api/invitation_tokens/{token}): a valid one fills in the invited e-mail and locks it, so a typo cannot
 * end in "issued for a different e-mail address"; an unknown, used, withdrawn or expired one shows the server's
 * reason and nothing can be sent.
 */
export default function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invitationToken = params.get('invitation_token') ?? '';
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const [invitation, setInvitation] = useState<Invitation>(invitationToken ? { state: 'checking' } : { state: 'none' });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!invitationToken) return;
    let active = true;
    setInvitation({ state: 'checking' });
    api<InvitedEmail>(`/invitation_tokens/${encodeURIComponent(invitationToken)}`).then(
      ({ email }) => {
        if (!active) return;
        setInvitation({ state: 'valid', email });
        setForm((current) => ({ ...current, email }));
      },
      (failure: unknown) => {
        if (!active) return;
        // A 4xx names the reason (unknown, used, withdrawn, expired); anything else is a failed check, not a verdict.
        if (failure instanceof ApiError && failure.status < 500 && failure.errors[0]) setInvitation({ state: 'invalid', message: failure.errors[0] });
        else setInvitation({ state: 'none' });
        if (!(failure instanceof ApiError && failure.status < 500)) setError(REGISTER_TEXTS.invitationUnreadable);
      },
    );
    return () => {
      active = false;
    };
  }, [invitationToken]);

  const register = useMutation({
    mutationFn: (body: typeof form & { invitation_token: string }) => api('/register', { method: 'POST', body }),
    onError: (failure) => setError(failureText(failure, REGISTER_TEXTS.failed)),
  });
  const busy = register.isPending;
  const done = register.isSuccess;

  useEffect(() => {
    if (!done) return;
    const state: LoginState = { email: form.email, message: REGISTER_TEXTS.signInNow };
    const timer = setTimeout(() => navigate('/login', { state }), REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, form.email]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordRuleProblem(form.password);
    if (problem) return setError(problem);
    setError(null);
    register.mutate({ ...form, invitation_token: invitationToken });
  };
  const blocked = invitation.state === 'invalid' || invitation.state === 'checking';
  const emailLocked = invitation.state === 'valid';
  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => {
      if (name === 'email' && emailLocked) return;
      setForm((current) => ({ ...current, [name]: event.target.value }));
    },
    required: true,
    disabled: done || invitation.state === 'invalid',
  });

  return (
    <AuthCard title="Register">
      <Box component="form" onSubmit={submit}>
        <Stack spacing={2}>
          {done && <Alert severity="success">{REGISTER_TEXTS.success}</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
          {invitation.state === 'invalid' && (
            <Alert severity="error" role="alert">
              {invitation.message}
            </Alert>
          )}
          {invitation.state === 'checking' && (
            <Typography role="status" color="text.secondary">
              {REGISTER_TEXTS.checking}
            </Typography>
          )}
          {!invitationToken && <Alert severity="info">{REGISTER_TEXTS.noInvitation}</Alert>}
          <TextInput label="Name" autoComplete="name" autoFocus={emailLocked} {...field('name')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            {...field('email')}
            readOnly={emailLocked}
            helperText={emailLocked ? REGISTER_TEXTS.lockedEmail : undefined}
          />
          <TextInput label="Password" type="password" autoComplete="new-password" helperText={PASSWORD_RULE_TEXTS.hint} {...field('password')} />
          <PasswordStrengthMeter password={form.password} userInputs={[form.name, form.email]} />
          <Button type="submit" variant="contained" size="large" disabled={busy || done || blocked}>
            Register
          </Button>
          <Typography variant="body2">
            Already a member?{' '}
            <Link component={RouterLink} to="/login">
              Sign in
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
