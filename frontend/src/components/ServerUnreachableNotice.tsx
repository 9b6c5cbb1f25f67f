import { useEffect } from 'react';
import { reachability, useOffline, useServerUnreachable } from '../api/reachability';
import { PlainAlert } from './plain/PlainAlert';
import { Spinner } from './plain/Spinner';

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
    // Above the page, at the top bar's level (MUI's zIndex.appBar).
    <div role="status" aria-live="polite" aria-atomic="true" style={{ position: 'sticky', top: 0, zIndex: 1100 }}>
      {unreachable && (
        <PlainAlert
          role="none"
          severity="warning"
          icon={<Spinner size={20} inherit aria-hidden />}
          style={{
            borderRadius: 0,
            justifyContent: 'center',
            alignItems: 'center',
            boxShadow: '0 3px 1px -2px rgba(0,0,0,0.2), 0 2px 2px 0 rgba(0,0,0,0.14), 0 1px 5px 0 rgba(0,0,0,0.12)',
          }}
        >
          {offline ? OFFLINE_MESSAGE : SERVER_UNREACHABLE_MESSAGE}
        </PlainAlert>
      )}
    </div>
  );
}
