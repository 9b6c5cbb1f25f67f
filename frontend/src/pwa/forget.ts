import { API_CACHE, SW_MESSAGES } from './shared';

/** This device's push subscription's id on the server (POST /api/me/push_subscriptions), kept to delete it on logout. */
export const PUSH_SUBSCRIPTION_ID_KEY = 'pushSubscriptionId';
/** The endpoint that id was saved with: a browser that renews its subscription gets a new one. */
export const PUSH_ENDPOINT_KEY = 'pushSubscriptionEndpoint';

/**
 * On logout: every answer the service worker kept for this member is deleted (here and by the worker, whichever
 * runs first), and this device's push subscription is ended on the server (with the member's last token) and in the
 * browser, so a shared phone neither shows nor receives the last member's pool. Never throws.
 */
export async function forgetMemberOnThisDevice(token: string | null): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.controller?.postMessage({ type: SW_MESSAGES.forgetAnswers });
  const subscriptionId = localStorage.getItem(PUSH_SUBSCRIPTION_ID_KEY);
  localStorage.removeItem(PUSH_SUBSCRIPTION_ID_KEY);
  localStorage.removeItem(PUSH_ENDPOINT_KEY);
  await Promise.all([
    typeof caches === 'undefined' ? undefined : caches.delete(API_CACHE),
    token && subscriptionId
      ? fetch(`/api/me/push_subscriptions/${encodeURIComponent(subscriptionId)}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } })
      : undefined,
    navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.pushManager?.getSubscription())
      .then((subscription) => subscription?.unsubscribe()),
  ]).catch(() => undefined);
}
