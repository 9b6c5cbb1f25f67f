/**
 * Starts the service worker once the page has loaded and gone idle (docs/architecture.md, "The installable web app"):
 * workbox-window and the rest are fetched then, never on the first paint, and the worker's precache does not compete
 * with the page's own first reads. Not from the admin console (a desktop tool, whose own load is heavy; an admin who
 * opens a member page installs it there), and only in a built app (`npm run dev` has no worker).
 */
const ADMIN_PATHS = /^\/(admin|invites)(\/|$)/;

if (import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator && !ADMIN_PATHS.test(window.location.pathname)) {
  const start = () => void import('./serviceWorker').then((module) => module.startServiceWorker());
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: 3000 }) : setTimeout(start, 1000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

export {};
