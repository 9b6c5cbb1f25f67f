import type { AlertColor } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';

const loadSnackbar = () => import('./NoticeSnackbar');
const NoticeSnackbar = lazy(loadSnackbar);

export interface NoticeState {
  severity: AlertColor;
  message: string;
  /** Null keeps it until closed (errors). */
  durationMs: number | null;
  /** Changes with every notice, so the same text shown twice restarts its timer. */
  key: number;
}

/**
 * A message at the bottom of the screen (the pick-saved notice of docs/product.md#states, the pick failure of docs/product.md#errors).
 * The snackbar itself (NoticeSnackbar.tsx) is not part of the page's first load: it is fetched once the page is up
 * (so a failed pick can still say so when the network has just gone), shown with the first notice and then kept
 * mounted, so it can slide away.
 */
export function Notice({ notice, onClose }: { notice: NoticeState | null; onClose: () => void }) {
  const [used, setUsed] = useState(false);
  useEffect(() => {
    loadSnackbar().catch(() => undefined);
  }, []);
  if (notice !== null && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <NoticeSnackbar notice={notice} onClose={onClose} />
    </Suspense>
  );
}
