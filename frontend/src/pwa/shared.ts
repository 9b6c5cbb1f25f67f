/**
 * What the web app and its service worker (sw.ts) agree on. Kept free of DOM and worker types so both compile it.
 */

/** The cache of the member's API answers the service worker keeps for offline use (docs/architecture.md). */
export const API_CACHE = 'tailgate-api';

/** The header the service worker adds to an API answer it took from its cache because the network failed. */
export const CACHED_ANSWER_HEADER = 'Served-From-Cache';

/** Messages the page sends its service worker. */
export const SW_MESSAGES = {
  /** The member logged out: forget every cached answer. */
  forgetAnswers: 'FORGET_ANSWERS',
  /** The "New version — reload" prompt was accepted: the waiting worker takes over (workbox-window's message). */
  skipWaiting: 'SKIP_WAITING',
} as const;

/**
 * The GET /api reads the member pages (/dashboard, /results, /live, /profile, /survivor) make, kept for offline use.
 * Only these: the admin console's reads, the member's sessions, exports and feeds are never cached.
 */
const CACHED_API_PATHS = [
  /^\/api\/app_config$/,
  /^\/api\/me$/,
  /^\/api\/football_seasons(\/current|\/\d+)?$/,
  /^\/api\/games$/,
  /^\/api\/picks$/,
  /^\/api\/teams$/,
  /^\/api\/standings$/,
  /^\/api\/weekly_results$/,
  /^\/api\/season_results\/\d+\/by_week$/,
  /^\/api\/weeks\/\d+\/(pick_grid|live|awards)$/,
  /^\/api\/live(\/status)?$/,
  /^\/api\/survivor(\/\d+\/board)?$/,
  /^\/api\/weeks\/\d+\/survivor_pick$/,
];

export const isCachedApiPath = (pathname: string): boolean => CACHED_API_PATHS.some((pattern) => pattern.test(pathname));

/**
 * The cache key of an API answer: its address plus a digest of the bearer token it was read with, so one member's
 * cached answers never answer another member's request on the same device, even without a logout in between.
 */
export async function memberCacheKey(url: string, authorization: string | null): Promise<string> {
  if (!authorization) return url;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
  const member = Array.from(new Uint8Array(digest).slice(0, 12), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${url}${url.includes('?') ? '&' : '?'}__member=${member}`;
}

/** A push message as the server sends it (JSON), read leniently: a plain-text payload is the body. */
export interface PushMessage {
  title: string;
  body: string;
  tag?: string;
  url: string;
}

export const DEFAULT_PUSH_URL = '/dashboard';

export function pushMessageOf(text: string | null, appName: string): PushMessage {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    data = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : { body: String(parsed) };
  } catch {
    data = { body: text ?? '' };
  }
  const nested = (data.data ?? {}) as Record<string, unknown>;
  const url = typeof data.url === 'string' ? data.url : typeof nested.url === 'string' ? nested.url : DEFAULT_PUSH_URL;
  return {
    title: typeof data.title === 'string' && data.title ? data.title : appName,
    body: typeof data.body === 'string' ? data.body : '',
    ...(typeof data.tag === 'string' ? { tag: data.tag } : {}),
    url,
  };
}

/** Where a tapped notification leads: a page of this app (same origin), else the dashboard; never elsewhere. */
export function notificationTarget(url: unknown, origin: string): string {
  try {
    const target = new URL(typeof url === 'string' && url ? url : DEFAULT_PUSH_URL, origin);
    if (target.origin === origin) return target.href;
  } catch {
    // An unreadable address: the dashboard.
  }
  return new URL(DEFAULT_PUSH_URL, origin).href;
}
