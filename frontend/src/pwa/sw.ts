/// <reference lib="webworker" />
/**
 * The web app's service worker (built by vite-plugin-pwa's injectManifest into /sw.js; docs/architecture.md, "The
 * installable web app"). It precaches the shell, answers every page address with it, keeps the member's API reads
 * for offline use (network first), and shows push notifications.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { API_CACHE, CACHED_ANSWER_HEADER, isCachedApiPath, memberCacheKey, notificationTarget, pushMessageOf, SW_MESSAGES } from './shared';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** How long a read waits for the network before the cached answer is shown instead. */
const NETWORK_TIMEOUT_SECONDS = 4;
const DEFAULT_TITLE = 'Tailgate Picks';

// The shell: index.html, the member pages' chunks and styles, the icons (the admin console's chunks are left out at
// build time, vite.config.ts) — a new deploy's worker waits until the member accepts the reload prompt.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

// Every page address is the single-page app; /api never is.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api(\/|$)/] }));

// Hashed chunks not in the precache (the admin console's) are kept once fetched: their names change with their content.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'tailgate-assets', plugins: [new ExpirationPlugin({ maxEntries: 60 })] }),
);

// The member's reads: from the network, else (offline, or no answer within the timeout) the last answer kept for
// this member, marked so the page says it is offline. Only GET, only the listed reads; writes always go to the server.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isCachedApiPath(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    // The key carries the member (memberCacheKey); the answers' Vary: Authorization is thus already honoured.
    matchOptions: { ignoreVary: true },
    plugins: [
      {
        cacheKeyWillBeUsed: async ({ request }) => memberCacheKey(request.url, request.headers.get('Authorization')),
        cachedResponseWillBeUsed: async ({ cachedResponse }) => {
          if (!cachedResponse) return cachedResponse;
          const headers = new Headers(cachedResponse.headers);
          headers.set(CACHED_ANSWER_HEADER, '1');
          return new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
        },
      },
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * 24 * 3600 }),
    ],
  }),
  'GET',
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === SW_MESSAGES.forgetAnswers) event.waitUntil(caches.delete(API_CACHE));
  if (type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
});

self.addEventListener('push', (event: PushEvent) => {
  const message = pushMessageOf(event.data?.text() ?? null, DEFAULT_TITLE);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      data: { url: message.url },
      icon: '/icon-192.png',
      badge: '/icon-192.png',
    }),
  );
});

/**
 * The browser renewed (or lost) this device's subscription: subscribe again with the same server key, so pushes keep
 * arriving once the app next opens and saves the new endpoint with the member's session (resyncPush).
 */
self.addEventListener('pushsubscriptionchange', (event: Event) => {
  const change = event as ExtendableEvent & { oldSubscription?: PushSubscription | null; newSubscription?: PushSubscription | null };
  const key = change.oldSubscription?.options.applicationServerKey;
  if (change.newSubscription || !key) return;
  change.waitUntil(self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }).catch(() => undefined));
});

/**
 * A tapped notification: an open window of the app goes to its page (focused when the browser lets it), else a window
 * opens there. waitUntil is guarded so a test can dispatch the event itself (an untrusted event refuses waitUntil).
 */
async function openNotificationPage(url: unknown): Promise<void> {
  const target = notificationTarget(url, self.location.origin);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    await open.focus().catch(() => undefined);
    if (await open.navigate(target).catch(() => null)) return;
  }
  await self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const opened = openNotificationPage((event.notification.data as { url?: unknown } | null)?.url);
  try {
    event.waitUntil(opened);
  } catch {
    // Dispatched by a test, not the browser: the page still opens.
  }
});
