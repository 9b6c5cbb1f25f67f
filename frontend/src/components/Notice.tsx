import { Alert, type AlertColor, Snackbar } from '@mui/material';

export interface NoticeState {
  severity: AlertColor;
  message: string;
  /** Null keeps it until closed (errors). */
  durationMs: number | null;
  /** Changes with every notice, so the same text shown twice restarts its timer. */
  key: number;
}

/** A message at the bottom of the screen (the pick-saved notice of docs/product.md#states, the pick failure of docs/product.md#errors). */
export function Notice({ notice, onClose }: { notice: NoticeState | null; onClose: () => void }) {
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
