/** The benchmark's results (the rows printed at the end, failures and warnings) and its HTTP client. */
import { Agent, IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';

// ---------------------------------------------------------------------------------------------------------------
// Results: what is printed at the end, and what makes the exit code non-zero.

export interface Row {
  scenario: string;
  figure: string;
  floor: string;
  ratio: string;
  goal: string;
  met: string;
}

export const rows: Row[] = [];
export const failures: string[] = [];
export const warnings: string[] = [];

export const fail = (message: string) => {
  failures.push(message);
  console.log(`  FAIL: ${message}`);
};
export const warn = (message: string) => {
  warnings.push(message);
  console.log(`  warning: ${message}`);
};
export const ms = (value: number) => (value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${value.toFixed(value < 10 ? 1 : 0)} ms`);
export const perSecond = (value: number) => `${value.toFixed(0)}/s`;
export const yesNo = (ok: boolean) => (ok ? 'yes' : 'NO');

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

// ---------------------------------------------------------------------------------------------------------------
// A small HTTP client (keep-alive, a timeout, never throws): the load of the rush and the flood, and the setup.

export interface Answer {
  status: number; // 0: no answer in time; -1: connection error
  body: string;
  headers: IncomingHttpHeaders;
  ms: number;
  error?: string;
}

export interface Target {
  base: string; // http://127.0.0.1:port
  agent: Agent;
}

/** Requests sent again on a new socket after a kept-alive one was closed under them (see call). */
export let resent = 0;

export const target = (port: number): Target => ({ base: `http://127.0.0.1:${port}`, agent: new Agent({ keepAlive: true, maxSockets: 128 }) });

export function call(to: Target, method: string, path: string, options: { token?: string; body?: unknown; timeoutMs?: number } = {}): Promise<Answer> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? 30_000;
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const headers: Record<string, string | number> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (payload) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': payload.length });
  return new Promise((resolveAnswer) => {
    let settled = false;
    let current: ReturnType<typeof httpRequest> | undefined;
    const settle = (answer: Omit<Answer, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolveAnswer({ ...answer, ms: performance.now() - started });
    };
    const timer = setTimeout(() => {
      settle({ status: 0, headers: {}, body: '', error: `no answer within ${ms(timeoutMs)}` });
      current?.destroy();
    }, timeoutMs);
    const attempt = (retry: boolean) => {
      // The retry takes a socket of its own: the agent could hand out another one that went stale the same way.
      const req = httpRequest(`${to.base}${path}`, { method, headers, agent: retry ? to.agent : false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => settle({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (error) => settle({ status: -1, headers: {}, body: '', error: error.message }));
      });
      current = req;
      req.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive socket the server closed as idle just as it was reused: the request never reached the
        // server (Node's documented race), so it is sent again once on a new socket.
        if (retry && req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE') && !settled) {
          resent++;
          attempt(false);
        }
        else settle({ status: -1, headers: {}, body: '', error: `${error.code ?? ''} ${error.message}`.trim() });
      });
      req.end(payload);
    };
    attempt(true);
  });
}

/** A setup call that must succeed. */
export async function must<T = unknown>(to: Target, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
  const answer = await call(to, method, path, { ...options, timeoutMs: 60_000 });
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`setup: ${method} ${path} answered ${answer.status > 0 ? answer.status : answer.error}: ${answer.body.slice(0, 500)}`);
  }
  return (answer.body ? JSON.parse(answer.body) : undefined) as T;
}
