import { apiFetch } from './client';
import { forgetMemberOnThisDevice } from '../pwa/forget';
import { session } from '../session/session';

/**
 * Logging out: the server is asked to end the session (POST /api/logout) and the browser forgets it at once,
 * without waiting for the answer, so a server that cannot be reached (or a session that had ended already) still
 * logs out here. The session is cleared before the request leaves, with the token handed to it: its 401, if any,
 * is then not taken for an expired session. The device forgets the member first: the service worker's cached answers
 * and this device's push subscription (pwa/forget.ts).
 */
export function logOut(): Promise<void> {
  const token = session.token();
  session.clear();
  const forgotten = forgetMemberOnThisDevice(token);
  if (!token) return forgotten;
  return forgotten.then(() => apiFetch('/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` } }).then(
    () => undefined,
    () => undefined,
  ));
}
