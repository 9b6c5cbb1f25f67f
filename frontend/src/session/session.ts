import { jwtDecode } from 'jwt-decode';
import { useSyncExternalStore } from 'react';
import type { Session } from '../api/types';

/** The signed-in user as the API describes it (GET /api/me). */
/** The signed-in account as the login answer gives it (kept in storage with the token). */
export type SessionUser = Session['user'];

const TOKEN_KEY = 'token';
const USER_KEY = 'user';
export const SESSION_EXPIRED_EVENT = 'session-expired';
export interface SessionExpiredDetail {
  /** The user whose session ended (null when the stored user was unreadable). */
  userId: number | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: { token: string | null; user: SessionUser | null } | null = null;

function isExpired(token: string): boolean {
  try {
    const { exp } = jwtDecode<{ exp?: number }>(token);
    return exp !== undefined && exp * 1000 <= Date.now();
  } catch {
    return true;
  }
}

function read(): { token: string | null; user: SessionUser | null } {
  const token = localStorage.getItem(TOKEN_KEY);
  // A token whose exp is past is cleared and the user dropped (docs/product.md#states).
  if (token && isExpired(token)) {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    return { token: null, user: null };
  }
  const user = localStorage.getItem(USER_KEY);
  try {
    return { token, user: token && user ? (JSON.parse(user) as SessionUser) : null };
  } catch {
    return { token, user: null };
  }
}

function changed(): void {
  snapshot = null;
  listeners.forEach((listener) => listener());
}

/** The session: a token in localStorage with the user it belongs to. */
export const session = {
  get(): { token: string | null; user: SessionUser | null } {
    snapshot ??= read();
    // Expiry is checked on every read so a session that ran out while the page was open ends too.
    if (snapshot.token && isExpired(snapshot.token)) snapshot = read();
    return snapshot;
  },
  token(): string | null {
    return session.get().token;
  },
  user(): SessionUser | null {
    return session.get().user;
  },
  start(token: string, user: SessionUser): void {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    changed();
  },
  setUser(user: SessionUser): void {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    changed();
  },
  setToken(token: string): void {
    localStorage.setItem(TOKEN_KEY, token);
    changed();
  },
  clear(): void {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    changed();
  },
  /**
   * A 401 outside the login call: the session is gone; the app warns and goes to /login. The event says whose
   * session it was, so logging in again as the same user can return to the page they were on.
   */
  expire(): void {
    const userId = session.user()?.id ?? null;
    session.clear();
    window.dispatchEvent(new CustomEvent<SessionExpiredDetail>(SESSION_EXPIRED_EVENT, { detail: { userId } }));
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => (event.key === TOKEN_KEY || event.key === USER_KEY) && changed();
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

/** The current session, re-rendering when it changes. */
export function useSession(): { token: string | null; user: SessionUser | null } {
  return useSyncExternalStore(session.subscribe, session.get);
}
