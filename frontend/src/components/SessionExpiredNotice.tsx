import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LoginState } from '../session/login';
import { SESSION_EXPIRED_EVENT, type SessionExpiredDetail } from '../session/session';

const SessionExpiredSnackbar = lazy(() => import('./SessionExpiredSnackbar'));

/**
 * On the session-expired event: a warning at the top for 6 s, and the way to /login (docs/product.md#states). The
 * warning (SessionExpiredSnackbar.tsx) loads with the first expiry, then stays mounted so it can slide away.
 */
export function SessionExpiredNotice() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  useEffect(() => {
    const onExpired = (event: Event) => {
      setOpen(true);
      setUsed(true);
      const { userId } = (event as CustomEvent<SessionExpiredDetail | undefined>).detail ?? { userId: null };
      // The page the member was on, unless it already was the login page: logging in again returns there.
      const from = here.startsWith('/login') ? undefined : here;
      navigate('/login', { state: { sessionExpired: true, from, fromUserId: userId ?? undefined } satisfies LoginState });
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, [navigate, here]);

  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiredSnackbar open={open} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
