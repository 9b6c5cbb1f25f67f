/**
 * Re-authentication on the client's side: a sensitive change (an e-mail, a password, passkeys, second factors, roles)
 * answered 403 with `reauthentication_required` asks the member to confirm who they are, then is sent once more.
 * The API client (client.ts) asks through here; the app's dialog (components/reauthentication/) answers. Without a
 * dialog mounted (a test of a page on its own), the 403 stays the answer.
 */

/** The field the API's 403 carries when the session's last proof of identity is too old. */
export const REAUTHENTICATION_FLAG = 'reauthentication_required';

/** Asks the member to confirm who they are; true once the API accepted a proof, false when they cancelled. */
export type ReauthenticationPrompt = () => Promise<boolean>;

let prompt: ReauthenticationPrompt | null = null;
let pending: Promise<boolean> | null = null;

/** The dialog registers itself (null when it goes away). */
export function setReauthenticationPrompt(next: ReauthenticationPrompt | null): void {
  prompt = next;
}

/** Asks once for every call that meets the 403 meanwhile: two refused changes show one dialog. */
export function confirmIdentity(): Promise<boolean> {
  if (!prompt) return Promise.resolve(false);
  pending ??= prompt().finally(() => {
    pending = null;
  });
  return pending;
}

/** Whether a 403's body is the API asking for a fresh proof of identity. */
export const asksReauthentication = (body: Record<string, unknown> | null): boolean => body?.[REAUTHENTICATION_FLAG] === true;
