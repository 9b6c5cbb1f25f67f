import { Alert, Snackbar } from '@mui/material';
import { SESSION_EXPIRED_MESSAGE, SESSION_EXPIRED_NOTICE_MS } from '../constants';

/** The warning of SessionExpiredNotice.tsx, its own chunk: MUI's Snackbar and its transitions load when a session expires. */
export default function SessionExpiredSnackbar({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Snackbar open={open} autoHideDuration={SESSION_EXPIRED_NOTICE_MS} onClose={onClose} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert severity="warning" variant="standard" elevation={6} onClose={onClose}>
        {SESSION_EXPIRED_MESSAGE}
      </Alert>
    </Snackbar>
  );
}
