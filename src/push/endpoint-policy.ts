/**
 * The push services a subscription's endpoint may name (docs/security.md#push-endpoints): Google's FCM (Chrome,
 * Edge on Android, most Chromium browsers), Mozilla's autopush (Firefox), Apple's (Safari, iOS home-screen apps) and
 * Windows' WNS (Edge on Windows). The server POSTs to the endpoint, so an open list would let any member make it
 * call any address (SSRF): only https on these hosts, or what PUSH_ENDPOINT_ALLOW lists by prefix.
 */
const PUSH_SERVICE_HOSTS: (string | RegExp)[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  /^[a-z0-9-]+(\.[a-z0-9-]+)*\.notify\.windows\.com$/,
];

/** The most an endpoint may be (the column's length). */
export const ENDPOINT_MAX_LENGTH = 1000;

/** Why the endpoint is refused, or null when a subscription may name it. */
export function endpointRefusal(endpoint: string, allowedPrefixes: readonly string[]): string | null {
  if (allowedPrefixes.some((prefix) => endpoint.startsWith(prefix))) return null;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'endpoint must be a URL';
  }
  if (url.protocol !== 'https:') return 'endpoint must be an https URL of a push service';
  if (url.username || url.password || (url.port && url.port !== '443')) return 'endpoint must be an https URL of a push service';
  const host = url.hostname.toLowerCase();
  const known = PUSH_SERVICE_HOSTS.some((allowed) => (typeof allowed === 'string' ? host === allowed : allowed.test(host)));
  return known ? null : 'endpoint must be on a known push service (FCM, Mozilla, Apple or Windows)';
}
