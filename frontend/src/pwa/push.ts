import { useSyncExternalStore } from 'react';

/** The kinds of notification a member can have pushed (GET/PATCH /api/me/notification_preferences). */
export const PUSH_KINDS = ['reminders', 'picks_sheet', 'game_finals', 'weekly_results', 'pick_overrides'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * What this browser can do about push: `unsupported` (no service worker, Push API or notifications), `ios-install`
 * (an iPhone or iPad's Safari outside an installed app, where Apple allows push only from the home screen),
 * `denied` (the member blocked notifications for this site), `available`.
 */
export type PushSupport = 'unsupported' | 'ios-install' | 'denied' | 'available';

export function isIos(): boolean {
  const ua = navigator.userAgent;
  return /iPad|iPhone|iPod/.test(ua) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
}

export function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export function pushSupport(): PushSupport {
  if (isIos() && !isStandalone()) return 'ios-install';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return 'available';
}

/** The service worker's registration, if one is active for this page (none in `npm run dev`). */
export async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This device's push subscription, when notifications are on here. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'available' || Notification.permission !== 'granted') return null;
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

const PICK_SAVED_KEY = 'pushOffer.pickSaved';
const DISMISSED_KEY = 'pushOffer.dismissed';
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const pushOffer = {
  markPickSaved(): void {
    if (localStorage.getItem(PICK_SAVED_KEY)) return;
    localStorage.setItem(PICK_SAVED_KEY, '1');
    changed();
  },
  dismiss(): void {
    localStorage.setItem(DISMISSED_KEY, '1');
    changed();
  },
  /** Whether the dashboard offers push now: after a saved pick, never once dismissed. */
  due: (): boolean => localStorage.getItem(PICK_SAVED_KEY) === '1' && localStorage.getItem(DISMISSED_KEY) !== '1',
};

export const usePushOfferDue = (): boolean => useSyncExternalStore(subscribe, pushOffer.due);
