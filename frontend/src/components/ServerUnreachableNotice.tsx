import { Alert, Box, CircularProgress } from '@mui/material';
import { useEffect } from 'react';
import { reachability, useOffline, useServerUnreachable } from '../api/reachability';

export const SERVER_UNREACHABLE_MESSAGE = "Can't reach the server. Retrying…";
/** Offline, the page shows the service worker's last answers (docs/member-pages.md#offline); nothing can be saved. */
export const OFFLINE_MESSAGE = "Offline — picks can't be saved now";

/**
 * A banner under the top bar while the API cannot be reached (network failure, 502/503/504), gone as soon as a call
 * gets an answer again. It stays in the page's flow and sticks to the top when scrolling, so it never covers the
 * navigation or Logout. Offline (the device has no network; the page shows the last answers the service worker
 * kept) it says so, and that picks can't be saved. The live region is always there, so screen readers hear the text when it appears.
 */
export function ServerUnreachableNotice() {
  const unreachable = useServerUnreachable();
  const offline = useOffline();

  useEffect(() => (unreachable ? reachability.watch() : undefined), [unreachable]);

  return (
    <Box role="status" aria-live="polite" aria-atomic="true" sx={{ position: 'sticky', top: 0, zIndex: (theme) => theme.zIndex.appBar }}>
      {unreachable && (
        <Alert
          role="none"
          severity="warning"
          variant="standard"
          icon={<CircularProgress size={20} color="inherit" aria-hidden />}
          sx={{ borderRadius: 0, justifyContent: 'center', alignItems: 'center', boxShadow: 2 }}
        >
          {offline ? OFFLINE_MESSAGE : SERVER_UNREACHABLE_MESSAGE}
        </Alert>
      )}
    </Box>
  );
}
