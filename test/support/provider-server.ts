import { readFileSync } from 'node:fs';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export const FIXTURES = join(__dirname, '..', 'fixtures', 'providers');

/** A fixture file's parsed JSON (test/fixtures/providers/...), a fresh copy each call so a test may change it. */
export function fixture<T = unknown>(path: string): T {
  return JSON.parse(readFileSync(join(FIXTURES, path), 'utf8')) as T;
}

/**
 * How the server answers one path: JSON, a raw body, a status, a hang, a dropped connection, a redirect (`location`
 * absolute or a path), headers and half a body then nothing more (`stall`), or a body that never ends (`endless`).
 */
export type Answer =
  | { json: unknown; status?: number }
  | { body: string; status?: number; contentType?: string }
  | { status: number }
  | { hang: true }
  | { destroy: true }
  | { redirect: string; status?: number }
  | { stall: true }
  | { endless: true };

export const CFBD_KEY = 'test-cfbd-key-0123456789';

/**
 * A stand-in for the data providers on loopback (no machine here reaches the internet): CFBD (requires
 * `Authorization: Bearer CFBD_KEY`) and the keyless scoreboard, answering with the real fixtures. Tests change an
 * answer with `answer(path, ...)`; `requests` lists what was asked.
 */
export class ProviderServer {
  readonly requests: string[] = [];
  private readonly answers = new Map<string, Answer>();
  private readonly hanging = new Set<ServerResponse>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<ProviderServer> {
    const server = createServer();
    const instance = new ProviderServer(server);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => instance.handle(request, response));
    instance.reset();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return instance;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The environment that points the app at this server. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return { CFBD_API_KEY: CFBD_KEY, CFBD_BASE_URL: `${this.url}/cfbd`, SCOREBOARD_BASE_URL: `${this.url}/ncaa`, PROVIDER_TIMEOUT: '2s', ...extra };
  }

  /** Answers for a path (with its query string, as CFBD is asked: `/cfbd/games?year=2025&week=1&...`, or a prefix). */
  answer(path: string, answer: Answer): void {
    this.answers.set(path, answer);
  }

  /** Back to the fixtures. */
  reset(): void {
    this.answers.clear();
    this.requests.length = 0;
    this.answers.set('/cfbd/games?year=2025&week=1&seasonType=regular', { json: fixture('cfbd/games-2025-week1.json') });
    this.answers.set('/cfbd/calendar?year=2025', { json: fixture('cfbd/calendar-2025.json') });
    this.answers.set('/cfbd/lines?year=2025&week=1&seasonType=regular', { json: fixture('cfbd/lines-2025-week1-shape.json') });
    this.answers.set('/cfbd/rankings?year=2025&seasonType=regular', { json: fixture('cfbd/rankings-2025-week1-shape.json') });
    this.answers.set('/ncaa/scoreboard/football/fbs/2025/01/all-conf', { json: fixture('ncaa-api/scoreboard-2025-01.json') });
    this.answers.set('/ncaa/scoreboard/football/fbs/2025/02/all-conf', { json: fixture('ncaa-api/scoreboard-2025-02.json') });
    this.answers.set('/ncaa/scoreboard/football/fbs/2025/P/all-conf', { json: fixture('ncaa-api/scoreboard-postseason.json') });
  }

  async close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Writes JSON-looking text as fast as the client reads it, until the client hangs up. */
  private async stream(response: ServerResponse): Promise<void> {
    const chunk = `[${'{"id":1,"name":"x"},'.repeat(4096)}`;
    response.on('close', () => response.destroy());
    while (!response.destroyed) {
      if (!response.write(chunk)) await this.drainOrClose(response);
    }
  }

  /** Until the response can take more, or the client has gone; the listener left behind is removed too. */
  private drainOrClose(response: ServerResponse): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        response.off('drain', done).off('close', done);
        resolve();
      };
      response.on('drain', done).on('close', done);
    });
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const path = request.url ?? '/';
    this.requests.push(path);
    if (path.startsWith('/cfbd/') && request.headers.authorization !== `Bearer ${CFBD_KEY}`) {
      response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Unauthorized' }));
      return;
    }
    const answer = this.answers.get(path) ?? [...this.answers].find(([prefix]) => path.startsWith(prefix))?.[1];
    if (!answer) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
    } else if ('hang' in answer) {
      this.hanging.add(response);
    } else if ('destroy' in answer) {
      request.socket.destroy();
    } else if ('redirect' in answer) {
      response.writeHead(answer.status ?? 302, { location: answer.redirect }).end();
    } else if ('stall' in answer) {
      response.writeHead(200, { 'content-type': 'application/json' }).write('[{"id":401756846,"season":2025,');
      this.hanging.add(response);
    } else if ('endless' in answer) {
      response.writeHead(200, { 'content-type': 'application/json' });
      void this.stream(response);
    } else if ('json' in answer) {
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
    } else if ('body' in answer) {
      response.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'application/json' }).end(answer.body);
    } else {
      response.writeHead(answer.status).end();
    }
  }
}
