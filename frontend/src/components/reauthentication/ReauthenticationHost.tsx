import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { setReauthenticationPrompt } from '../../api/reauthentication';

const ReauthenticationDialog = lazy(() => import('./ReauthenticationDialog'));

/**
 * Answers the API client's requests to confirm who the member is (api/reauthentication.ts) with the "Confirm it's
 * you" dialog, for member pages and the admin console alike. The dialog (ReauthenticationDialog.tsx) loads with the
 * first request, then stays mounted so it can close smoothly.
 */
export function ReauthenticationHost() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(() => {
    setReauthenticationPrompt(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setUsed(true);
          setOpen(true);
        }),
    );
    return () => {
      setReauthenticationPrompt(null);
      // A prompt still open when the host goes: the change stays refused.
      settle.current?.(false);
      settle.current = null;
    };
  }, []);

  const done = (confirmed: boolean) => {
    setOpen(false);
    settle.current?.(confirmed);
    settle.current = null;
  };

  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ReauthenticationDialog open={open} onDone={done} />
    </Suspense>
  );
}
