/**
 * Starts the service worker once the page has loaded (docs/architecture.md, "The installable web app"): workbox-window
 * and the rest are fetched then, never on the first paint. Only in a built app (`npm run dev` has no worker).
 */
if (import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
  const start = () => void import('./serviceWorker').then((module) => module.startServiceWorker());
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

export {};
