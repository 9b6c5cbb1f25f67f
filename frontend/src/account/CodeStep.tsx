import { type FormEvent, useId, useState } from 'react';
import { failureText } from '../api/failure';
import type { Session } from '../api/types';
import { finishSignIn, SECOND_FACTOR_TEXTS } from '../api/secondFactor';

/**
 * The sign-in's second step in the light shell: the authenticator's 6-digit code, or (switched) a recovery code.
 * The challenge names the account; a wrong code stays on this step, an expired challenge starts over.
 */
export function CodeStep({ challenge, onSignedIn, onStartOver }: { challenge: string; onSignedIn: (answer: Session) => void; onStartOver: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await finishSignIn(challenge, code));
    } catch (failure) {
      setError(failureText(failure, SECOND_FACTOR_TEXTS.failed));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="pub-stack">
      {error && (
        <div role="alert" className="pub-alert pub-alert-error">
          {error}
        </div>
      )}
      <div>
        <label htmlFor={id} className="pub-label">
          {recovery ? SECOND_FACTOR_TEXTS.recoveryLabel : SECOND_FACTOR_TEXTS.codeLabel}
        </label>
        <input
          id={id}
          key={recovery ? 'recovery' : 'app'}
          className="pub-input"
          name="code"
          required
          autoFocus
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          pattern={recovery ? undefined : '[0-9 ]{6,7}'}
          maxLength={recovery ? 40 : 7}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </div>
      <button type="submit" className="pub-button" disabled={busy}>
        {busy ? SECOND_FACTOR_TEXTS.verifying : SECOND_FACTOR_TEXTS.verify}
      </button>
      <div className="pub-links">
        <a
          href="#"
          onClick={(event) => {
            event.preventDefault();
            setRecovery((value) => !value);
            setCode('');
            setError(null);
          }}
        >
          {recovery ? SECOND_FACTOR_TEXTS.useApp : SECOND_FACTOR_TEXTS.useRecovery}
        </a>
        <a
          href="/login"
          onClick={(event) => {
            event.preventDefault();
            onStartOver();
          }}
        >
          {SECOND_FACTOR_TEXTS.startOver}
        </a>
      </div>
    </form>
  );
}
