import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import helmet, { HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What the built web app and the admin console load, and nothing more: their own scripts (no inline script, no
 * eval), their own service worker and manifest, their own styles plus the ones Emotion (MUI's styling) writes into <style> elements at run time, which is
 * why style-src allows 'unsafe-inline' (docs/decisions.md, "Security headers"); calls to their own API; no plugins;
 * no framing by anyone.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // The service worker (/sw.js) and the web app manifest, both the app's own.
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** A browser that reached the app over TLS once keeps to TLS for a year (HSTS). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

const HELMET_OPTIONS: HelmetOptions = {
  // Not helmet's defaults: they add upgrade-insecure-requests, which breaks a pool served over plain http on a LAN.
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  // Sent by the hook below, only to requests that came over TLS.
  strictTransportSecurity: false,
  frameguard: { action: 'deny' },
  // The reset and invitation links carry their token in the page's address: it never goes out as a Referer.
  referrerPolicy: { policy: 'no-referrer' },
};

/**
 * The headers helmet sets, as helmet itself writes them: none of them depends on the request (no nonces), so they are
 * taken once at start-up instead of running helmet's middleware on every request (5% of a busy read's CPU when it
 * did, by the profile of `npm run bench:api`).
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Security headers on every answer, the API's and the web app's alike (helmet's: CSP, nosniff, frame denial, referrer
 * policy, cross-origin isolation of the window and resources); HSTS when the request came over TLS, directly or
 * through a trusted proxy (`request.protocol`); and `Cache-Control: no-store`, since most API answers carry a token or
 * someone's data and a shared computer's browser cache must keep none of them. no-store goes on every answer and only
 * the web app's own routes replace it (web-app.ts): a test of the request's address would miss the API under another
 * spelling that the router decodes to it (`/%61pi/me`). A weak ETag still answers 304 to a client that sends it.
 * Register before any route or plugin, so every context inherits the hook.
 */
export function useSecurityHeaders(app: NestFastifyApplication): void {
  const fastify: FastifyInstance = app.getHttpAdapter().getInstance();
  const headers = securityHeaders();
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.protocol === 'https' ? headers.https : headers.http);
    done();
  });
}

/**
 * The headers the hook above sets on every answer, in its order: to a request over plain HTTP, and over TLS (HSTS
 * too). Also read by a route that writes its answer itself (LiveFastPath), so both send the same.
 */
export function securityHeaders(): { http: Readonly<Record<string, string>>; https: Readonly<Record<string, string>> } {
  const http = { ...helmetHeaders(), 'cache-control': 'no-store' };
  return { http, https: { ...http, 'strict-transport-security': STRICT_TRANSPORT_SECURITY } };
}
