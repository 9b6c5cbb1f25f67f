import { get as httpGet } from 'node:http';
import { createServer, Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createSeason, createWeek } from '../support/factories';
import { bearer, PASSWORD, TestApp } from '../support/test-app';
import { TEST_TLS } from '../support/test-tls';

/**
 * The security headers of every kind of answer (an API answer, the web app's page, one of its hashed assets), the
 * API's no-store, HSTS only over TLS, and who gets the API docs (API_DOCS). The web app is a small stand-in build
 * (index.html and a hashed asset), so these tests need no `npm run build`; test/browser proves the real build runs
 * under the policy.
 */

const ASSET = '/assets/index-Ab12Cd34.js';

/** A built web app as Vite lays it out: index.html and a hashed asset. */
function stubWebApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tailgate-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body><div id="root"></div></body></html>`);
  // The light shell of the public pages (frontend/account.html), sent for /login opened directly.
  writeFileSync(join(dir, 'account.html'), `<!doctype html><html><head><title>light shell</title><script type="module" src="${ASSET}"></script></head><body><div id="root"></div></body></html>`);
  writeFileSync(join(dir, ASSET), 'document.getElementById("root").textContent = "hi";\n');
  return dir;
}

/** A GET with its path sent exactly as written (an HTTP client would normalise `/api/../api/me`). */
async function rawGet(t: TestApp, path: string, token: string): Promise<{ status: number; cacheControl?: string; contentType?: string; body: string }> {
  const server = t.app.getHttpServer();
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const sent = httpGet({ host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}` } }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, cacheControl: response.headers['cache-control'], contentType: response.headers['content-type'], body }),
      );
    });
    sent.on('error', reject);
  });
}

/** The directives of a Content-Security-Policy header: name → sources. */
function directives(header: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

describe('Security headers', () => {
  let t: TestApp;
  let webDir: string;
  /** One answer of each kind, fetched once: an API answer, the web app's page, the light shell's page, a hashed asset. */
  const answers: Record<'api' | 'page' | 'shell' | 'asset', request.Response> = {} as never;

  beforeAll(async () => {
    webDir = stubWebApp();
    t = await TestApp.start({}, { settings: { frontendDir: webDir } });
    answers.api = await t.http.get('/api/app_config').expect(200);
    answers.page = await t.http.get('/reset-password/some-token').expect(200);
    answers.shell = await t.http.get('/login').expect(200);
    expect(answers.shell.text).toContain('<title>light shell</title>');
    answers.asset = await t.http.get(ASSET).expect(200);
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const kinds = ['api', 'page', 'shell', 'asset'] as const;

  it('V14.4.1 every answer names its content type and character set', () => {
    expect(answers.api.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answers.page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answers.shell.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answers.asset.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
  });

  it.each(kinds)('V14.4.3 a Content Security Policy that allows no inline or foreign script (%s)', (kind) => {
    const policy = directives(answers[kind].headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    // Nothing but this origin (and inline data for images and fonts) anywhere.
    for (const [name, sources] of policy) {
      for (const source of sources) expect([name, source]).toEqual([name, expect.stringMatching(/^('self'|'none'|'unsafe-inline'|data:)$/)]);
    }
    expect([...policy.entries()].filter(([, sources]) => sources.includes("'unsafe-inline'")).map(([name]) => name)).toEqual(['style-src']);
  });

  it.each(kinds)('V14.4.4 X-Content-Type-Options: nosniff (%s)', (kind) => {
    expect(answers[kind].headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(kinds)('V14.4.6 a referrer policy that never sends the address (and its reset or invitation token) on (%s)', (kind) => {
    expect(answers[kind].headers['referrer-policy']).toBe('no-referrer');
  });

  it.each(kinds)('V14.4.7 no site may frame the app: frame-ancestors none and X-Frame-Options DENY (%s)', (kind) => {
    expect(directives(answers[kind].headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
    expect(answers[kind].headers['x-frame-options']).toBe('DENY');
  });

  it('V14.4.7 headers also on errors: an unknown API path, a bad token, the web app fallback', async () => {
    for (const response of [
      await t.http.get('/api/no-such-thing').expect(404),
      await t.http.get('/api/me').set(bearer('not-a-token')).expect(401),
      await t.http.get('/no/such/page').expect(200),
    ]) {
      expect(directives(response.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('V14.3.3 no answer names the server software or its version', () => {
    for (const kind of kinds) {
      expect(answers[kind].headers['x-powered-by']).toBeUndefined();
      expect(answers[kind].headers.server).toBeUndefined();
    }
  });

  it('V14.5.3 no cross-origin reads: a foreign Origin gets no Access-Control-Allow-Origin', async () => {
    const admin = await t.adminToken();
    const response = await t.http.get('/api/users').set(bearer(admin)).set('Origin', 'https://evil.example').expect(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.http.options('/api/users').set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'GET');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  describe('V8.2.1 API answers are never stored by a browser or a proxy', () => {
    it('no-store on API answers, public or carrying a token or personal data, errors too', async () => {
      const { user } = await t.member();
      const login = await t.http.post('/api/users/login').send({ email: user.email, password: PASSWORD }).expect(200);
      expect(login.body.token).toEqual(expect.any(String));
      const me = await t.http.get('/api/me').set(bearer(login.body.token)).expect(200);
      expect(me.body.email).toBe(user.email);
      const failed = await t.http.post('/api/users/login').send({ email: user.email, password: 'wrong-password' });
      expect(failed.status).toBeGreaterThanOrEqual(400);
      for (const response of [answers.api, login, me, failed, await t.http.get('/api/no-such-thing').expect(404)]) {
        expect(response.headers['cache-control']).toBe('no-store');
      }
    });

    it('no-store on an API answer whatever spelling of its path the router takes for it (it decodes %61 to a)', async () => {
      const { user, token } = await t.member();
      for (const path of ['/%61pi/me', '/ap%69/me', '/%61%70%69/me', '/api/m%65', '/api/me?x=%61']) {
        const response = await rawGet(t, path, token);
        expect({ path, status: response.status, email: JSON.parse(response.body).email, cache: response.cacheControl }).toEqual({ path, status: 200, email: user.email, cache: 'no-store' });
      }
      // Spellings the router does not take for the API get the web app's page, or the API's 404: never someone's data.
      for (const path of ['//api/me', '/API/me', '/api/../api/me', '/api/./me', '/x/../api/me', '/%2561pi/me', '/api%2Fme', '/api//me']) {
        const response = await rawGet(t, path, token);
        expect(response.body).not.toContain(user.email);
        expect({ path, cache: response.cacheControl }).toEqual({ path, cache: response.contentType?.startsWith('text/html') ? 'no-cache' : 'no-store' });
      }
    });

    it('the weak ETag still revalidates: a client that sends it gets 304, still no-store', async () => {
      const again = await t.http.get('/api/app_config').set('If-None-Match', answers.api.headers.etag).expect(304);
      expect(again.headers['cache-control']).toBe('no-store');
    });

    it("the web app's page is revalidated every time, its hashed assets are cached for good", async () => {
      expect(answers.page.headers['cache-control']).toBe('no-cache');
      expect(answers.shell.headers['cache-control']).toBe('no-cache');
      expect(answers.asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // A revalidation keeps the asset's caching: a 304 carrying no-store would drop it from the browser's cache.
      const revalidated = await t.http.get(ASSET).set('If-None-Match', answers.asset.headers.etag).expect(304);
      expect(revalidated.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });
  });

  describe('V14.4.5 HSTS on every answer that came over TLS', () => {
    let server: Server;

    beforeAll(async () => {
      // The app's own request handler behind a TLS socket: the request arrives encrypted, as on a TLS listener.
      const fastify = t.app.getHttpAdapter().getInstance();
      server = createServer(TEST_TLS, (req, res) => fastify.routing(req, res));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('present, for a year and every subdomain, on API answers, the page and assets over TLS', async () => {
      for (const path of ['/api/app_config', '/dashboard', ASSET]) {
        const response = await request(server).get(path).disableTLSCerts().expect(200);
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      }
    });

    it('present on the live board, whose answers its own path writes (LiveFastPath): 200 and 304 alike', async () => {
      const season = await createSeason(t.dataSource, { is_current: true });
      await createWeek(t.dataSource, { football_season_id: season.id, is_current: true });
      const { token } = await t.member();
      const board = await request(server).get('/api/live').set(bearer(token)).disableTLSCerts().expect(200);
      const again = await request(server).get('/api/live').set(bearer(token)).set('If-None-Match', board.headers.etag).disableTLSCerts().expect(304);
      for (const response of [board, again]) expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await t.http.get('/api/live').set(bearer(token)).expect(200);
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    });

    it('absent over plain http, and a client cannot claim TLS with X-Forwarded-Proto when no proxy is trusted', async () => {
      for (const kind of kinds) expect(answers[kind].headers['strict-transport-security']).toBeUndefined();
      const claimed = await t.http.get('/api/app_config').set('X-Forwarded-Proto', 'https').expect(200);
      expect(claimed.headers['strict-transport-security']).toBeUndefined();
    });

    it('present behind a trusted TLS proxy (TRUST_PROXY) that says the request came over https', async () => {
      const proxied = await TestApp.start({ TRUST_PROXY: '1' });
      try {
        const https = await proxied.http.get('/api/app_config').set('X-Forwarded-Proto', 'https').expect(200);
        expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        const http = await proxied.http.get('/api/app_config').set('X-Forwarded-Proto', 'http').expect(200);
        expect(http.headers['strict-transport-security']).toBeUndefined();
      } finally {
        await proxied.close();
      }
    });
  });
});

describe('API docs (API_DOCS)', () => {
  const started: TestApp[] = [];
  afterAll(() => Promise.all(started.map((app) => app.close())));
  const start = async (env: Record<string, string>) => {
    const app = await TestApp.start(env);
    started.push(app);
    return app;
  };

  it('V14.3.2 off (the default when NODE_ENV=production): neither the page nor the document, even for an admin', async () => {
    const t = await start({ NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-that-is-long-enough-0123', MAIL_OUTBOX: 'file' });
    expect(t.config.apiDocs).toBe('off');
    const admin = bearer(await t.adminToken());
    for (const path of ['/api/docs', '/api/docs-json', '/api/docs-yaml', '/api/docs/swagger-ui-init.js']) {
      const response = await t.http.get(path).set(admin).expect(404);
      expect(response.body).toEqual({ errors: [expect.any(String)] });
    }
  });

  it('V14.3.2 admin: the document for a signed-in admin only, no page', async () => {
    const t = await start({ API_DOCS: 'admin' });
    await t.http.get('/api/docs-json').expect(401);
    const { token } = await t.member();
    expect((await t.http.get('/api/docs-json').set(bearer(token)).expect(403)).body).toEqual({ errors: ['You are not allowed to do this'] });
    const document = await t.http.get('/api/docs-json').set(bearer(await t.adminToken())).expect(200);
    expect(Object.keys(document.body.paths)).toEqual(expect.arrayContaining(['/api/users/login', '/api/invitations']));
    // The admin-only route does not describe itself.
    expect(Object.keys(document.body.paths)).not.toContain('/api/docs-json');
    expect(document.headers['cache-control']).toBe('no-store');
    await t.http.get('/api/docs').expect(404);
    await t.http.get('/api/docs/swagger-ui-init.js').expect(404);
  });

  it('public (the default in development and test): the page and the document for anyone, under a policy that lets the page run', async () => {
    const t = await start({});
    expect(t.config.apiDocs).toBe('public');
    const document = await t.http.get('/api/docs-json').expect(200);
    expect(Object.keys(document.body.paths)).toContain('/api/users/login');
    const page = await t.http.get('/api/docs').expect(200);
    expect(page.text).toContain('swagger-ui-init.js');
    // Its scripts are files of this origin, so the same policy holds.
    expect(page.text).not.toMatch(/<script>/);
    expect(directives(page.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
    await t.http.get('/api/docs/swagger-ui-init.js').expect(200);
  });
});
