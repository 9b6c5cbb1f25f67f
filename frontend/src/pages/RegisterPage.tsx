import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { api, errorText } from '../api/client';
import { AuthCard } from '../components/AuthCard';
import { TextInput } from '../components/form/TextInput';
import { REGISTER_REDIRECT_MS } from '../constants';
import type { LoginState } from './LoginPage';

export const REGISTER_TEXTS = {
  success: 'Registration successful! Redirecting...',
  failed: 'Registration failed',
  noInvitation: 'Registration needs an invitation: open the link in your invitation e-mail.',
} as const;

/** `/register?invitation_token=…` (SPEC §2): a member's account, from an invitation. */
export default function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invitationToken = params.get('invitation_token') ?? '';
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { state: { email: form.email } satisfies LoginState }), REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, form.email]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api('/register', { method: 'POST', body: { ...form, invitation_token: invitationToken } });
      setDone(true);
    } catch (failure) {
      setError(errorText(failure, REGISTER_TEXTS.failed));
      setBusy(false);
    }
  };
  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
    required: true,
    disabled: done,
  });

  return (
    <AuthCard title="Register">
      <Box component="form" onSubmit={submit}>
        <Stack spacing={2}>
          {done && <Alert severity="success">{REGISTER_TEXTS.success}</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
          {!invitationToken && <Alert severity="info">{REGISTER_TEXTS.noInvitation}</Alert>}
          <TextInput label="Name" autoComplete="name" {...field('name')} />
          <TextInput label="Email" type="email" autoComplete="email" {...field('email')} />
          <TextInput label="Password" type="password" autoComplete="new-password" helperText="At least 6 characters" {...field('password')} />
          <Button type="submit" variant="contained" size="large" disabled={busy || done}>
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
