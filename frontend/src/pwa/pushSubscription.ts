import { api } from '../api/client';
import { session } from '../session/session';
import { PUSH_ENDPOINT_KEY, PUSH_SUBSCRIPTION_ID_KEY } from './forget';
import { currentSubscription, PUSH_KINDS, type PushKind, registration } from './push';

/*
 * Subscribing this device and keeping its subscription on the server, apart from push.ts: the dashboard's offer
 * loads push.ts with the page, and these load only with the offer's panel (and the service worker's start).
 */

/** A VAPID public key (base64url, as GET /api/push/public_key gives it) as the bytes pushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Why turning notifications on did not work, in words for the member. */
export class PushOptInError extends Error {}

export const PUSH_ERRORS = {
  notAllowed: 'Notifications were not allowed. You can allow them for this site in your browser’s settings.',
  noWorker: 'Notifications need the installed app’s service worker, which has not started yet. Reload the page and try again.',
};

/**
 * Turns push on for this device: the browser's permission, a subscription bound to the server's key, the
 * subscription saved on the server, then the member's choice of kinds (push on for the ticked ones, off for the rest).
 */
export async function enablePush(kinds: ReadonlySet<PushKind>): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushOptInError(PUSH_ERRORS.notAllowed);
  const worker = await registration();
  if (!worker) throw new PushOptInError(PUSH_ERRORS.noWorker);
  const { public_key: publicKey } = await api<{ public_key: string }>('/push/public_key');
  const subscription = await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  await saveSubscription(subscription);
  const preferences = Object.fromEntries(PUSH_KINDS.map((kind) => [kind, { push: kinds.has(kind) }]));
  await api('/me/notification_preferences', { method: 'PATCH', body: preferences });
}

/** Saves this device's subscription on the server (which updates one it knows by endpoint) and remembers its id. */
async function saveSubscription(subscription: PushSubscription): Promise<string> {
  const saved = await api<{ id: number | string }>('/me/push_subscriptions', { method: 'POST', body: subscription.toJSON() });
  localStorage.setItem(PUSH_SUBSCRIPTION_ID_KEY, String(saved.id));
  localStorage.setItem(PUSH_ENDPOINT_KEY, subscription.endpoint);
  return String(saved.id);
}

const forgetOnServer = (id: string) => api(`/me/push_subscriptions/${encodeURIComponent(id)}`, { method: 'DELETE' }).catch(() => undefined);

/** Turns push off for this device: the server forgets the subscription and the browser ends it. */
export async function disablePush(): Promise<void> {
  const id = localStorage.getItem(PUSH_SUBSCRIPTION_ID_KEY);
  if (id) await forgetOnServer(id);
  localStorage.removeItem(PUSH_SUBSCRIPTION_ID_KEY);
  localStorage.removeItem(PUSH_ENDPOINT_KEY);
  await (await currentSubscription())?.unsubscribe();
}

/**
 * When the app opens on a device where the signed-in member turned push on: a browser may renew its subscription
 * by itself (the service worker subscribes again on `pushsubscriptionchange`), and only a page can tell the server,
 * since only a page holds the member's session. A new endpoint is saved and the old one forgotten. Never throws.
 */
export async function resyncPush(): Promise<void> {
  const id = localStorage.getItem(PUSH_SUBSCRIPTION_ID_KEY);
  if (!id || !session.token()) return;
  try {
    const subscription = await currentSubscription();
    if (!subscription || subscription.endpoint === localStorage.getItem(PUSH_ENDPOINT_KEY)) return;
    if ((await saveSubscription(subscription)) !== id) await forgetOnServer(id);
  } catch {
    // Tried again at the next start.
  }
}

/** The dashboard's offer waits for the member's first saved pick on this device, and stays away once dismissed. */
