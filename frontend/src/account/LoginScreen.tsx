import { type FormEvent, type InputHTMLAttributes, useEffect, useId, useState } from 'react';
import { api } from '../api/client';
import { failureText } from '../api/failure';
import { passkeyOffer } from '../api/passkeyOffer';
import type { Session } from '../api/types';
import { LOGIN_TEXTS, landingAfterLogin, type LoginState } from '../session/login';
import { session } from '../session/session';
import { PasskeySignIn } from './PasskeySignIn';
import { isChallenge, type LoginAnswer, passkeyOnly, SECOND_FACTOR_TEXTS } from '../api/secondFactor';
import { CodeStep } from './CodeStep';
import { staySignedInByDefault } from '../session/stay-signed-in';
import { StaySignedIn } from './StaySignedIn';

/** A labelled field as the app draws it (components/form/TextInput.tsx), in plain CSS. */
function Field({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="pub-label">
        {label}
        {input.required && <span aria-hidden="true"> *</span>}
      </label>
      <input id={id} className="pub-input" {...input} />
    </div>
  );
}

/**
 * `/login` opened directly (docs/product.md#screens), in the light shell: the same words, fields and landing as the
 * app's login page (pages/LoginPage.tsx), which still serves /login reached from inside the app (with the state other
 * screens hand over). Opening it ends any stored session; a successful login loads the landing page.
 */
export function LoginScreen() {
  // A reload keeps what the app handed over (react-router keeps navigation state in history.state.usr).
  const [state] = useState<LoginState | null>(() => (window.history.state as { usr?: LoginState } | null)?.usr ?? null);
  const [email, setEmail] = useState(state?.email ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(staySignedInByDefault);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);

  useEffect(() => {
    session.clear();
  }, []);

  const signedIn = ({ token, user }: Session) => {
    session.start(token, user);
    window.location.replace(landingAfterLogin(user, state));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await api<LoginAnswer>('/users/login', { method: 'POST', body: { email, password, remember }, isLogin: true });
      if (isChallenge(answer)) {
        if (passkeyOnly(answer)) setError(SECOND_FACTOR_TEXTS.passkeyOnly);
        else setChallenge(answer.challenge);
        setBusy(false);
        return;
      }
      passkeyOffer.afterPasswordSignIn();
      signedIn(answer);
    } catch (failure) {
      setError(failureText(failure, LOGIN_TEXTS.failed));
      setBusy(false);
    }
  };

  return (
    <div className="pub-container">
      <div className="pub-card">
        <h1 className="pub-title">Sign In</h1>
        {challenge && (
          <CodeStep
            challenge={challenge}
            onSignedIn={signedIn}
            onStartOver={() => {
              setChallenge(null);
              setPassword('');
            }}
          />
        )}
        <form hidden={Boolean(challenge)} onSubmit={submit} className="pub-stack">
          {state?.message && (
            <div role="alert" className="pub-alert pub-alert-success">
              {state.message}
            </div>
          )}
          {error && (
            <div role="alert" className="pub-alert pub-alert-error">
              {error}
            </div>
          )}
          <Field label="Email" type="email" name="email" autoComplete="username webauthn" required value={email} onChange={(event) => setEmail(event.target.value)} />
          <Field
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            autoFocus={Boolean(state?.email)}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <StaySignedIn checked={remember} onChange={setRemember} />
          <button type="submit" className="pub-button" disabled={busy}>
            {busy ? LOGIN_TEXTS.signingIn : LOGIN_TEXTS.signIn}
          </button>
          <PasskeySignIn onSignedIn={signedIn} onError={setError} />
          <div className="pub-links">
            <a href="/forgot-password">{LOGIN_TEXTS.forgot}</a>
            <a href="/register">Have an invitation? Register</a>
          </div>
        </form>
      </div>
    </div>
  );
}
