import type { Server, ServerResponse } from 'node:http';
import { countOf, seconds } from '../common/count-of';

/** How long SIGTERM/SIGINT lets the requests in flight, the scheduled jobs and the database close finish. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;
/** The signals this process answers with a graceful shutdown. */
export const SHUTDOWN_SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

const requests = (count: number) => countOf(count, 'request');

/**
 * Follows the requests of an HTTP server so that a shutdown lets them finish: `drain` stops accepting connections,
 * closes idle keep-alive connections at once, answers every request still running with `Connection: close`, and
 * resolves once the last connection is gone.
 */
export class HttpDrain {
  private readonly inFlight = new Set<ServerResponse>();
  private draining = false;

  constructor(private readonly server: Server) {
    server.on('request', (_request, response: ServerResponse) => {
      this.inFlight.add(response);
      if (this.draining) this.closeAfter(response);
      response.once('close', () => {
        this.inFlight.delete(response);
        // A keep-alive connection whose answer had already started when the drain began is idle now.
        if (this.draining) setImmediate(() => this.server.closeIdleConnections());
      });
    });
  }

  get requestsInFlight(): number {
    return this.inFlight.size;
  }

  drain(): Promise<void> {
    this.draining = true;
    for (const response of this.inFlight) this.closeAfter(response);
    if (!this.server.listening) return Promise.resolve();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeIdleConnections();
    });
  }

  private closeAfter(response: ServerResponse): void {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  }
}

export interface ShutdownOptions {
  timeoutMs?: number;
  log: (message: string) => void;
  error: (message: string) => void;
  /** process.exit, or a fake in the tests. */
  exit: (code: number) => void;
}

/**
 * SIGTERM/SIGINT: let the requests in flight finish (new connections are refused, idle ones closed), then close
 * the application (scheduled jobs and background senders stop through their shutdown hooks, the database
 * connection closes: SQLite checkpoints its WAL) and exit 0. A second signal, a failing close, or the bound expiring
 * exits 1 with a log line that says so.
 */
export class GracefulShutdown {
  private stopping = false;
  private exited = false;
  private readonly timeoutMs: number;

  constructor(
    private readonly app: { close(): Promise<void> },
    private readonly http: HttpDrain,
    private readonly options: ShutdownOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? SHUTDOWN_TIMEOUT_MS;
  }

  /** Handles these signals from now on. */
  listen(signals: NodeJS.Signals[] = SHUTDOWN_SIGNALS, target: Pick<NodeJS.Process, 'on'> = process): void {
    for (const signal of signals) target.on(signal, (received: NodeJS.Signals) => void this.stop(received));
  }

  async stop(signal: string): Promise<void> {
    const { log, error } = this.options;
    const exit = (code: number) => {
      if (this.exited) return;
      this.exited = true;
      this.options.exit(code);
    };
    if (this.stopping) {
      error(`Received ${signal} again while stopping: exiting at once with ${requests(this.http.requestsInFlight)} in flight`);
      exit(1);
      return;
    }
    this.stopping = true;
    const inFlight = this.http.requestsInFlight;
    // Stops accepting connections before saying so.
    const drained = this.http.drain();
    log(`Received ${signal}: finishing ${requests(inFlight)} in flight (at most ${seconds(this.timeoutMs)}), then stopping`);
    const bound = setTimeout(() => {
      error(`Shutdown did not finish within ${seconds(this.timeoutMs)} (${requests(this.http.requestsInFlight)} still in flight): exiting`);
      exit(1);
    }, this.timeoutMs);
    try {
      await drained;
      await this.app.close();
    } catch (failure) {
      clearTimeout(bound);
      error(`Shutdown failed: ${(failure as Error)?.stack ?? failure}`);
      exit(1);
      return;
    }
    clearTimeout(bound);
    if (this.exited) return;
    log('Stopped: every request answered, jobs stopped, database closed');
    exit(0);
  }
}

/**
 * Runs `create` and removes the signal listeners it registered (Nest's enableShutdownHooks closes the app and then
 * re-raises the signal, so the process would die by SIGTERM with no bound): this process's own shutdown replaces them.
 */
export async function withoutSignalListeners<T>(create: () => Promise<T>, signals: NodeJS.Signals[] = SHUTDOWN_SIGNALS): Promise<T> {
  const before = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
  const created = await create();
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.includes(listener)) process.removeListener(signal, listener);
    }
  }
  return created;
}
