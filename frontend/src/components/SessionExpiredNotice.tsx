import { Alert, Snackbar } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SESSION_EXPIRED_MESSAGE, SESSION_EXPIRED_NOTICE_MS } from '../constants';
import { SESSION_EXPIRED_EVENT } from '../session/session';

/** On the session-expired event: a warning at the top for 6 s, and the way to /login (SPEC §4). */
export function SessionExpiredNotice() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    const onExpired = () => {
      setOpen(true);
      navigate('/login', { state: { sessionExpired: true } });
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, [navigate]);

  return (
    <Snackbar open={open} autoHideDuration={SESSION_EXPIRED_NOTICE_MS} onClose={() => setOpen(false)} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert severity="warning" variant="standard" elevation={6} onClose={() => setOpen(false)}>
        {SESSION_EXPIRED_MESSAGE}
      </Alert>
    </Snackbar>
  );
}
