import type { Session } from '../api/types';
import { PASSKEY_SIGN_IN_TEXTS, usePasskeySignIn } from './usePasskeySignIn';

/** The light login screen's passkey button (and autofill); nothing in a browser without passkeys. */
export function PasskeySignIn({ onSignedIn, onError }: { onSignedIn: (session: Session) => void; onError: (message: string | null) => void }) {
  const { supported, busy, start } = usePasskeySignIn(onSignedIn, onError);
  if (!supported) return null;
  return (
    <button type="button" className="pub-button pub-button-secondary" disabled={busy} onClick={() => void start()}>
      {busy ? PASSKEY_SIGN_IN_TEXTS.busy : PASSKEY_SIGN_IN_TEXTS.button}
    </button>
  );
}
