import { createServer, Agent, request, Server, IncomingMessage, ServerResponse } from 'node:http';
import { connect, Socket } from 'node:net';
import { GracefulShutdown, HttpDrain, withoutSignalListeners } from './graceful-shutdown';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A real HTTP server whose /slow requests wait until the test lets them answer. */
async function server() {
  const held: ServerResponse[] = [];
  const http: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/slow') held.push(res);
    else res.end('fast');
  });
  const drain = new HttpDrain(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as { port: number }).port;
  return { http, drain, port, held };
}

function get(port: number, path: string, agent?: Agent): Promise<{ status: number; body: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body, connection: res.headers.connection }));
    })
      .on('error', reject)
      .end();
  });
}

function fakes(app: { close(): Promise<void> } = { close: async () => undefined }) {
  const lines: string[] = [];
  const exits: number[] = [];
  const options = {
    log: (line: string) => lines.push(`log: ${line}`),
    error: (line: string) => lines.push(`error: ${line}`),
    exit: (code: number) => void exits.push(code),
  };
  return { app, lines, exits, options };
}

describe('GracefulShutdown', () => {
  it('refuses new connections, closes idle keep-alive ones at once, lets the request in flight finish, closes the app, exits 0', async () => {
    const s = await server();
    const order: string[] = [];
    const f = fakes({ close: async () => void order.push('app closed') });
    const shutdown = new GracefulShutdown(f.app, s.drain, { ...f.options, timeoutMs: 5000 });

    const agent = new Agent({ keepAlive: true });
    await get(s.port, '/fast', agent);
    const idle = Object.values(agent.sockets).length + Object.values(agent.freeSockets).flat().length;
    expect(idle).toBe(1);
    const idleSocket = Object.values(agent.freeSockets).flat()[0]!;
    const idleClosed = new Promise<void>((resolve) => idleSocket.once('close', () => resolve()));

    const slow = get(s.port, '/slow');
    while (s.held.length === 0) await sleep(5);

    const stopping = shutdown.stop('SIGTERM').then(() => order.push('stopped'));
    await idleClosed;
    await expect(get(s.port, '/fast')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(f.exits).toEqual([]);

    order.push('answering');
    s.held[0]!.end('slow');
    expect(await slow).toEqual({ status: 200, body: 'slow', connection: 'close' });
    await stopping;
    expect(order).toEqual(['answering', 'app closed', 'stopped']);
    expect(f.exits).toEqual([0]);
    expect(f.lines).toEqual([
      'log: Received SIGTERM: finishing 1 request in flight (at most 5 s), then stopping',
      'log: Stopped: every request answered, jobs stopped, database closed',
    ]);
    agent.destroy();
  });

  it('closes a keep-alive connection once its answer, already started when the signal came, is done', async () => {
    const s = await server();
    const f = fakes();
    const shutdown = new GracefulShutdown(f.app, s.drain, { ...f.options, timeoutMs: 5000 });
    const socket: Socket = connect(s.port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    while (s.held.length === 0) await sleep(5);
    s.held[0]!.writeHead(200, { 'Content-Length': '4' });
    s.held[0]!.write('sl');
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const stopping = shutdown.stop('SIGINT');
    s.held[0]!.end('ow');
    await closed;
    await stopping;
    expect(received).toMatch(/^HTTP\/1.1 200 OK\r\n[\s\S]*\r\n\r\nslow$/);
    expect(f.exits).toEqual([0]);
  });

  it('exits 1 with a log line on a second signal', async () => {
    const s = await server();
    const f = fakes();
    const shutdown = new GracefulShutdown(f.app, s.drain, { ...f.options, timeoutMs: 5000 });
    const slow = get(s.port, '/slow').catch(() => undefined);
    while (s.held.length === 0) await sleep(5);
    void shutdown.stop('SIGTERM');
    await shutdown.stop('SIGINT');
    expect(f.exits).toEqual([1]);
    expect(f.lines[1]).toBe('error: Received SIGINT again while stopping: exiting at once with 1 request in flight');
    s.held[0]!.end();
    await slow;
    await sleep(20);
    expect(f.exits).toEqual([1]);
  });

  it('exits 1 with a log line when the bound expires', async () => {
    const s = await server();
    const f = fakes();
    const shutdown = new GracefulShutdown(f.app, s.drain, { ...f.options, timeoutMs: 200 });
    const slow = get(s.port, '/slow').catch(() => undefined);
    while (s.held.length === 0) await sleep(5);
    const started = Date.now();
    void shutdown.stop('SIGTERM');
    while (f.exits.length === 0) await sleep(5);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(f.exits).toEqual([1]);
    expect(f.lines[1]).toBe('error: Shutdown did not finish within 0.2 s (1 request still in flight): exiting');
    s.held[0]!.end();
    await slow;
    await sleep(20);
    expect(f.exits).toEqual([1]);
  });

  it('exits 1 when closing the app fails', async () => {
    const s = await server();
    const f = fakes({ close: () => Promise.reject(new Error('hook failed')) });
    await new GracefulShutdown(f.app, s.drain, f.options).stop('SIGTERM');
    expect(f.exits).toEqual([1]);
    expect(f.lines[1]).toMatch(/^error: Shutdown failed: Error: hook failed/);
  });
});

describe('withoutSignalListeners', () => {
  it('removes the SIGTERM/SIGINT listeners registered while creating, keeps the others', async () => {
    const mine = () => undefined;
    const theirs = () => undefined;
    process.on('SIGTERM', mine);
    try {
      await withoutSignalListeners(async () => {
        process.on('SIGTERM', theirs);
        process.on('SIGINT', theirs);
      });
      expect(process.listeners('SIGTERM')).toContain(mine);
      expect(process.listeners('SIGTERM')).not.toContain(theirs);
      expect(process.listeners('SIGINT')).not.toContain(theirs);
    } finally {
      process.removeListener('SIGTERM', mine);
    }
  });
});
