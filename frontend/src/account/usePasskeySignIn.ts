import { useEffect, useRef, useState } from 'react';
import { failureText } from '../api/failure';
import { autofillSupported, passkeysSupported, signInWithPasskey } from '../api/passkeys';
import type { Session } from '../api/types';

export const PASSKEY_SIGN_IN_TEXTS = { button: 'Sign in with a passkey', busy: 'Waiting for your passkey…', failed: 'Passkey sign-in failed' } as const;

/** The browser's own refusal (the member closed the dialog, another ceremony took over): nothing to show. */
const cancelled = (failure: unknown) =>
  failure instanceof Error && (failure.name === 'NotAllowedError' || failure.name === 'AbortError' || (failure as { code?: string }).code === 'ERROR_CEREMONY_ABORTED');

/**
 * Passkey sign-in for both login screens: the browser's autofill offers the site's passkeys in the e-mail field where
 * it can (conditional mediation: the field says `autocomplete="username webauthn"`), started as the screen opens;
 * `start` opens the browser's passkey dialog (the button, anywhere passkeys work).
 */
export function usePasskeySignIn(onSignedIn: (session: Session) => void, onError: (message: string | null) => void) {
  const [busy, setBusy] = useState(false);
  const supported = passkeysSupported();
  const handlers = useRef({ onSignedIn, onError });
  useEffect(() => {
    handlers.current = { onSignedIn, onError };
  });

  useEffect(() => {
    if (!supported) return;
    let live = true;
    // Waits (possibly for the whole visit) until the member picks a passkey in the autofill.
    void autofillSupported().then(async (available) => {
      if (!available || !live) return;
      try {
        handlers.current.onSignedIn(await signInWithPasskey(true));
      } catch (failure) {
        if (live && !cancelled(failure)) handlers.current.onError(failureText(failure, PASSKEY_SIGN_IN_TEXTS.failed));
      }
    });
    return () => {
      live = false;
    };
  }, [supported]);

  const start = async () => {
    setBusy(true);
    handlers.current.onError(null);
    try {
      handlers.current.onSignedIn(await signInWithPasskey(false));
    } catch (failure) {
      if (!cancelled(failure)) handlers.current.onError(failureText(failure, PASSKEY_SIGN_IN_TEXTS.failed));
      setBusy(false);
    }
  };

  return { supported, busy, start };
}
