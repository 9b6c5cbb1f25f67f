import { Alert, type AlertColor, Snackbar } from '@mui/material';

/** A notice to show (Notice.tsx re-exports it: the type lives here so neither file imports the other back). */
export interface NoticeState {
  severity: AlertColor;
  message: string;
  /** Null keeps it until closed (errors). */
  durationMs: number | null;
  /** Changes with every notice, so the same text shown twice restarts its timer. */
  key: number;
}

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
