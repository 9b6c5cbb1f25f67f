import { Alert, Box, Button, Checkbox, FormControlLabel, Link, Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { api } from '../api/client';
import { failureText } from '../api/failure';
import { AuthCard } from '../components/AuthCard';
import { TextInput } from '../components/form/TextInput';
import { session } from '../session/session';
import { LOGIN_TEXTS, landingAfterLogin, type LoginState } from '../session/login';
import type { Session } from '../api/types';
import { passkeyOffer } from '../api/passkeyOffer';
import { PASSKEY_SIGN_IN_TEXTS, usePasskeySignIn } from '../account/usePasskeySignIn';
import { isChallenge, type LoginAnswer, passkeyOnly, SECOND_FACTOR_TEXTS } from '../api/secondFactor';
import { SecondFactorCodeStep } from './SecondFactorCodeStep';
import { STAY_SIGNED_IN_TEXT, staySignedInByDefault } from '../session/stay-signed-in';


/** `/login` (docs/product.md#screens): opening it ends any stored session; an admin lands on /admin, anyone else on /dashboard. */
export default function LoginPage() {
  const navigate = useNavigate();
  const state = (useLocation().state ?? null) as LoginState | null;
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(state?.email ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(staySignedInByDefault);
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);

  useEffect(() => {
    session.clear();
    queryClient.clear();
  }, [queryClient]);

  const signedIn = ({ token, user }: Session) => {
    session.start(token, user);
    navigate(landingAfterLogin(user, state), { replace: true });
  };
  const passkey = usePasskeySignIn(signedIn, setError);

  const login = useMutation({
    mutationFn: (credentials: { email: string; password: string; remember: boolean }) => api<LoginAnswer>('/users/login', { method: 'POST', body: credentials, isLogin: true }),
    onSuccess: (answer) => {
      if (isChallenge(answer)) return passkeyOnly(answer) ? setError(SECOND_FACTOR_TEXTS.passkeyOnly) : setChallenge(answer.challenge);
      passkeyOffer.afterPasswordSignIn();
      signedIn(answer);
    },
    onError: (failure) => setError(failureText(failure, LOGIN_TEXTS.failed)),
  });
  // A signed-in visitor is on the way to the landing page: the button stays off until it is there.
  const busy = login.isPending || (login.isSuccess && !challenge && !error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    login.mutate({ email, password, remember });
  };

  return (
    <AuthCard title="Sign In">
      {challenge && (
        <SecondFactorCodeStep
          challenge={challenge}
          onSignedIn={signedIn}
          onStartOver={() => {
            setChallenge(null);
            setPassword('');
            login.reset();
          }}
        />
      )}
      <Box component="form" onSubmit={submit} hidden={Boolean(challenge)}>
        <Stack spacing={2}>
          {state?.message && <Alert severity="success">{state.message}</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
          <TextInput label="Email" type="email" name="email" autoComplete="username webauthn" required value={email} onChange={(event) => setEmail(event.target.value)} />
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
          <FormControlLabel control={<Checkbox name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />} label={STAY_SIGNED_IN_TEXT} />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? LOGIN_TEXTS.signingIn : LOGIN_TEXTS.signIn}
          </Button>
          {passkey.supported && (
            <Button variant="outlined" size="large" disabled={busy || passkey.busy} onClick={() => void passkey.start()}>
              {passkey.busy ? PASSKEY_SIGN_IN_TEXTS.busy : PASSKEY_SIGN_IN_TEXTS.button}
            </Button>
          )}
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
