import { useDeferredValue } from 'react';

/**
 * Whether a page may draw what its answers make ready, a render after they are in. The answers reach React through
 * TanStack Query's store, whose updates React renders in one go; a page's sections (dozens of MUI parts) took one
 * long task of a second or more on a phone. The deferred value renders them as a transition, which React splits into
 * short slices between which the phone stays responsive (Total Blocking Time, docs/member-pages.md#bundle-web-app-weight).
 * Losing readiness (another week chosen) hides them at once, as before.
 */
export function useShownWhenReady(ready: boolean): boolean {
  const deferred = useDeferredValue(ready, false);
  return ready && deferred;
}
