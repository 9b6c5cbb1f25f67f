import { Alert, Snackbar } from '@mui/material';
import type { NoticeState } from './Notice';

/** The snackbar of Notice.tsx, its own chunk: MUI's Snackbar and its transitions load with the first notice. */
export default function NoticeSnackbar({ notice, onClose }: { notice: NoticeState | null; onClose: () => void }) {
  return (
    <Snackbar
      key={notice?.key}
      open={notice !== null}
      autoHideDuration={notice?.durationMs ?? null}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={notice?.severity ?? 'info'} variant="filled" onClose={onClose} sx={{ width: '100%' }}>
        {notice?.message}
      </Alert>
    </Snackbar>
  );
}
