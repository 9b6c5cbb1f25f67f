import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api } from './client';
import type { Passkey, Session } from './types';

/*
 * Passkeys (WebAuthn) for the web app. @simplewebauthn/browser is loaded only when a passkey is used or offered, so
 * the login page's first load does not carry it (docs/decisions.md, "Passkeys").
 */

const webauthn = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = (): boolean => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Makes a passkey on this device (the browser asks the member to unlock it) and adds it under `name`. */
export async function addPasskey(name: string): Promise<Passkey> {
  const { startRegistration } = await webauthn();
  const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>('/me/passkeys/options', { method: 'POST' });
  const response = await startRegistration({ optionsJSON });
  return api<Passkey>('/me/passkeys', { method: 'POST', body: { name, response } });
}

/** Whether the browser can offer passkeys in the e-mail field's autofill (conditional mediation). */
export async function autofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  const { browserSupportsWebAuthnAutofill } = await webauthn();
  return browserSupportsWebAuthnAutofill();
}

/**
 * Signs in with a passkey: from the autofill (waits until the member picks one in the e-mail field) or a dialog.
 * Answers the session, as a password login does.
 */
export async function signInWithPasskey(autofill: boolean): Promise<Session> {
  const { startAuthentication } = await webauthn();
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>('/passkeys/login/options', { method: 'POST', isLogin: true });
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  return api<Session>('/passkeys/login', { method: 'POST', body: { response }, isLogin: true });
}

/** Stops a pending autofill sign-in (before a password login or a click on the passkey button). */
export async function cancelPasskeyCeremony(): Promise<void> {
  const { WebAuthnAbortService } = await webauthn();
  WebAuthnAbortService.cancelCeremony();
}

/** Confirms who the member is with one of their passkeys, before a sensitive change (POST /me/reauthenticate/passkey). */
export async function confirmWithPasskey(): Promise<void> {
  const { startAuthentication } = await webauthn();
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>('/me/reauthenticate/passkey/options', { method: 'POST', noReauthentication: true });
  const response = await startAuthentication({ optionsJSON });
  await api('/me/reauthenticate/passkey', { method: 'POST', body: { response }, noReauthentication: true });
}

/** Whether the member has a passkey this browser could use. */
export const hasPasskeys = async (): Promise<boolean> =>
  passkeysSupported() && (await api<Passkey[]>('/me/passkeys', { noReauthentication: true }).then((rows) => rows.length > 0, () => false));
