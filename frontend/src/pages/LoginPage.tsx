import { Alert, Box, Button, Link, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { api, errorText } from '../api/client';
import { AuthCard } from '../components/AuthCard';
import { TextInput } from '../components/form/TextInput';
import { session, type SessionUser } from '../session/session';
import type { Session } from '../api/types';

export const LOGIN_TEXTS = { failed: 'Login failed', signIn: 'Sign In', signingIn: 'Signing In...', forgot: 'Forgot your password?' } as const;

/** What other screens may hand to the login page through navigation state. */
export interface LoginState {
  /** A success message to show (a finished password reset). */
  message?: string;
  /** The e-mail to fill in (after registering or resetting). */
  email?: string;
  /** Set by the session-expired flow (docs/product.md#states). */
  sessionExpired?: boolean;
  /** The page (path and query) the visitor was on when the session ended or a protected page sent them here. */
  from?: string;
  /** Whose session ended: only the same user is returned to `from` after a session expired. */
  fromUserId?: number;
}

/**
 * Where a successful login goes: back to the page the session ended on (or the protected page that sent the visitor
 * here), else the landing of docs/product.md#screens: /admin for an admin, /dashboard for anyone else. A session that expired returns
 * only the user it belonged to; another account signing in on the same device lands as usual.
 */
export function landingAfterLogin(user: Pick<SessionUser, 'id' | 'role'>, state: LoginState | null): string {
  const home = user.role === 'admin' ? '/admin' : '/dashboard';
  const from = state?.from;
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/login')) return home;
  if (state.fromUserId !== undefined && state.fromUserId !== user.id) return home;
  return from;
}

/** `/login` (docs/product.md#screens): opening it ends any stored session; an admin lands on /admin, anyone else on /dashboard. */
export default function LoginPage() {
  const navigate = useNavigate();
  const state = (useLocation().state ?? null) as LoginState | null;
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(state?.email ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    session.clear();
    queryClient.clear();
  }, [queryClient]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { token, user } = await api<Session>('/users/login', { method: 'POST', body: { email, password }, isLogin: true });
      session.start(token, user);
      navigate(landingAfterLogin(user, state), { replace: true });
    } catch (failure) {
      setError(errorText(failure, LOGIN_TEXTS.failed));
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Sign In">
      <Box component="form" onSubmit={submit}>
        <Stack spacing={2}>
          {state?.message && <Alert severity="success">{state.message}</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
          <TextInput label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
          <TextInput
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            autoFocus={Boolean(state?.email)}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? LOGIN_TEXTS.signingIn : LOGIN_TEXTS.signIn}
          </Button>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Link component={RouterLink} to="/forgot-password">
              {LOGIN_TEXTS.forgot}
            </Link>
            <Link component={RouterLink} to="/register">
              Have an invitation? Register
            </Link>
          </Box>
        </Stack>
      </Box>
    </AuthCard>
  );
}
