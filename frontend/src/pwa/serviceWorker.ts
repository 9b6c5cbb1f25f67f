import { Workbox } from 'workbox-window';
import { resyncPush } from './pushSubscription';

/** How often an open app asks whether a new version was deployed (besides each time it comes back to the screen). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers /sw.js. A new deploy's worker waits (registerType "prompt"): the member sees "New version — reload";
 * accepting it lets the new worker take over and reloads the page once it controls it.
 */
export async function startServiceWorker(): Promise<void> {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    void import('./showUpdatePrompt').then(({ showUpdatePrompt }) =>
      showUpdatePrompt(() => {
        workbox.addEventListener('controlling', () => window.location.reload());
        workbox.messageSkipWaiting();
      }),
    );
  });
  const registration = await workbox.register();
  if (!registration) return;
  void resyncPush();
  const check = () => void registration.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
}
