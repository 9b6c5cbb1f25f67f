import { Alert, Snackbar } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SESSION_EXPIRED_MESSAGE, SESSION_EXPIRED_NOTICE_MS } from '../constants';
import type { LoginState } from '../pages/LoginPage';
import { SESSION_EXPIRED_EVENT, type SessionExpiredDetail } from '../session/session';

/** On the session-expired event: a warning at the top for 6 s, and the way to /login (docs/product.md#states). */
export function SessionExpiredNotice() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  useEffect(() => {
    const onExpired = (event: Event) => {
      setOpen(true);
      const { userId } = (event as CustomEvent<SessionExpiredDetail | undefined>).detail ?? { userId: null };
      // The page the member was on, unless it already was the login page: logging in again returns there.
      const from = here.startsWith('/login') ? undefined : here;
      navigate('/login', { state: { sessionExpired: true, from, fromUserId: userId ?? undefined } satisfies LoginState });
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, [navigate, here]);

  return (
    <Snackbar open={open} autoHideDuration={SESSION_EXPIRED_NOTICE_MS} onClose={() => setOpen(false)} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert severity="warning" variant="standard" elevation={6} onClose={() => setOpen(false)}>
        {SESSION_EXPIRED_MESSAGE}
      </Alert>
    </Snackbar>
  );
}
