import { createECDH, createPublicKey, ECDH, randomBytes, verify } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// http_ece ships no types: the one call the stand-in makes (RFC 8188 decoding, aes128gcm).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ece = require('http_ece') as { decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer };

/** A device's subscription as a browser's PushSubscription.toJSON() gives it. */
export interface BrowserSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** One push the stand-in accepted: what the headers said and the payload as decrypted with the device's keys. */
export interface ReceivedPush {
  /** The device (the path's last segment). */
  device: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID public key (k=) the JWT was signed with. */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  /** The decrypted payload, parsed as JSON. */
  payload: { title: string; body: string; url: string; tag: string };
  at: number;
}

/** How the stand-in answers a device: accept (201), a status code (410, 404, 500, 429...), or never answer. */
export type DeviceAnswer = 'accept' | number | 'hang';

interface Device {
  ecdh: ECDH;
  auth: Buffer;
  answer: DeviceAnswer;
  /** The applicationServerKey the browser subscribed with: messages signed with another key are refused (403). */
  serverKey: string | null;
}

const HOUR_SECONDS = 3600;

/**
 * A push service on loopback, standing in for FCM or Mozilla's (nothing here reaches the internet). Each POST to
 * `/push/<device>` is checked as a real push service would: the VAPID header (`vapid t=<JWT>, k=<key>`; the ES256
 * signature verifies against k, aud is this service's origin, exp at most 24 h ahead and not past, sub present), a
 * TTL header, the aes128gcm content encoding; then the body is decrypted (RFC 8291) with the private key and auth
 * secret of the fake browser the TEST generated (`device()`), never with anything the app told it. Anything wrong is
 * a 400/401/403 and lands in `problems`.
 */
export class PushService {
  readonly received: ReceivedPush[] = [];
  readonly problems: string[] = [];
  /** Requests per device, answered or not (retries included). */
  readonly requests = new Map<string, number>();
  private readonly devices = new Map<string, Device>();
  private readonly hanging = new Set<ServerResponse>();
  private listeners: (() => void)[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<PushService> {
    const server = createServer();
    const service = new PushService(server);
    server.on('request', (req, res) => void service.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return service;
  }

  /** http://127.0.0.1:PORT (the JWT's expected aud). */
  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** What PUSH_ENDPOINT_ALLOW must list for the app to take this service's endpoints. */
  get prefix(): string {
    return `${this.origin}/`;
  }

  /**
   * A fake browser's new subscription: a fresh P-256 key pair and auth secret the test (and this service) keep. With
   * `serverKey` (the VAPID public key the browser was given), messages signed with any other key are refused, as a
   * real push service refuses them.
   */
  device(serverKey: string | null = null, name = randomBytes(6).toString('hex')): BrowserSubscription {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.devices.set(name, { ecdh, auth, answer: 'accept', serverKey });
    return { endpoint: `${this.origin}/push/${name}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
  }

  /** How this service answers a device from now on. */
  answer(endpoint: string, answer: DeviceAnswer): void {
    this.devices.get(nameOf(endpoint))!.answer = answer;
  }

  /** What reached a device. */
  to(endpoint: string): ReceivedPush[] {
    const name = nameOf(endpoint);
    return this.received.filter((push) => push.device === name);
  }

  /** Waits until `test` holds of what arrived (checked after each request), at most `timeoutMs`. */
  async waitFor(test: (received: ReceivedPush[]) => boolean, timeoutMs = 10_000): Promise<ReceivedPush[]> {
    const deadline = Date.now() + timeoutMs;
    while (!test(this.received)) {
      if (Date.now() > deadline) throw new Error(`Pushes not as expected after ${timeoutMs} ms: ${this.received.length} received, problems: ${this.problems.join('; ')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.listeners.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.received;
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const name = nameOf(req.url ?? '');
    this.requests.set(name, (this.requests.get(name) ?? 0) + 1);
    const device = this.devices.get(name);
    try {
      if (req.method !== 'POST' || !device) return this.refuse(res, 404, `unknown device ${req.method} ${req.url}`);
      if (device.answer === 'hang') {
        this.hanging.add(res);
        return;
      }
      if (device.answer !== 'accept') return this.reply(res, device.answer);
      const vapid = this.checkVapid(req.headers.authorization);
      if (typeof vapid === 'string') return this.refuse(res, 403, vapid);
      if (device.serverKey !== null && vapid.key !== device.serverKey) return this.refuse(res, 403, `signed with ${vapid.key}, subscribed with ${device.serverKey}`);
      const ttl = Number(req.headers.ttl);
      if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) return this.refuse(res, 400, `bad TTL header ${req.headers.ttl}`);
      if (req.headers['content-encoding'] !== 'aes128gcm') return this.refuse(res, 400, `content-encoding ${req.headers['content-encoding']}`);
      let payload: ReceivedPush['payload'];
      try {
        payload = JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth.toString('base64url') }).toString('utf8'));
      } catch (error) {
        return this.refuse(res, 400, `payload does not decrypt: ${(error as Error).message}`);
      }
      this.received.push({
        device: name,
        ttl,
        urgency: (req.headers.urgency as string | undefined) ?? null,
        topic: (req.headers.topic as string | undefined) ?? null,
        vapidKey: vapid.key,
        claims: vapid.claims,
        payload,
        at: Date.now(),
      });
      this.reply(res, 201);
    } finally {
      const listeners = this.listeners;
      this.listeners = [];
      listeners.forEach((listener) => listener());
    }
  }

  /** The VAPID header's key and claims, or why it is refused. */
  private checkVapid(header: string | undefined): { key: string; claims: ReceivedPush['claims'] } | string {
    const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
    if (!match) return `no VAPID authorization: ${header}`;
    const [, jwt, key] = match;
    const [head, claimsPart, signature] = jwt.split('.');
    const point = Buffer.from(key, 'base64url');
    if (point.length !== 65 || point[0] !== 4) return 'k is not an uncompressed P-256 key';
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
    if (header_.alg !== 'ES256') return `JWT alg ${header_.alg}`;
    const signed = verify('sha256', Buffer.from(`${head}.${claimsPart}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    if (!signed) return 'JWT signature does not verify against k';
    const claims = JSON.parse(Buffer.from(claimsPart, 'base64url').toString('utf8')) as ReceivedPush['claims'];
    if (claims.aud !== this.origin) return `JWT aud ${claims.aud}, expected ${this.origin}`;
    const now = Math.floor(Date.now() / 1000);
    if (!Number.isInteger(claims.exp) || claims.exp <= now || claims.exp > now + 24 * HOUR_SECONDS) return `JWT exp ${claims.exp} not within 24 h`;
    if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return `JWT sub ${claims.sub}`;
    return { key, claims };
  }

  private refuse(res: ServerResponse, status: number, problem: string): void {
    this.problems.push(problem);
    this.reply(res, status);
  }

  private reply(res: ServerResponse, status: number): void {
    res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? '' : `status ${status}`);
  }
}

const nameOf = (endpointOrPath: string): string => endpointOrPath.split('/').pop() ?? '';
