import { lazy, Suspense, useEffect, useState } from 'react';
import type { NoticeState } from './NoticeSnackbar';

export type { NoticeState } from './NoticeSnackbar';

const loadSnackbar = () => import('./NoticeSnackbar');
const NoticeSnackbar = lazy(loadSnackbar);

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
