import { ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const ROOT = resolve(__dirname, '..', '..', '..');
export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** Polls `check` until it returns something truthy, or fails after `timeoutMs` with `what` in the message. */
export async function until<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined | false> | T | undefined | false, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** Every child process a test file started, so afterAll can end what is still running even after a failure. */
const started = new Set<ChildProcess>();

export async function killAll(): Promise<void> {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(child.pid, 'SIGCONT');
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  await Promise.all([...started].map((child) => exited(child, 5000).catch(() => undefined)));
  started.clear();
}

export function exited(child: ChildProcess, timeoutMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`process ${child.pid} still running after ${timeoutMs} ms`)), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal });
    });
  });
}

/** A child process whose output is kept (in memory, and in a log file) so the test can wait for lines. */
export class Child {
  output = '';
  private readonly log: WriteStream;

  constructor(
    readonly name: string,
    readonly process: ChildProcess,
    logFile: string,
  ) {
    started.add(process);
    this.log = createWriteStream(logFile, { flags: 'a' });
    const keep = (chunk: Buffer) => {
      this.output += chunk.toString();
      this.log.write(chunk);
    };
    process.stdout?.on('data', keep);
    process.stderr?.on('data', keep);
    process.once('exit', () => this.log.end());
  }

  static spawn(name: string, command: string, args: string[], options: { env: NodeJS.ProcessEnv; cwd?: string; logFile: string }): Child {
    const child = spawn(command, args, { cwd: options.cwd ?? ROOT, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    return new Child(name, child, options.logFile);
  }

  get pid(): number {
    return this.process.pid!;
  }

  get running(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }

  signal(signal: NodeJS.Signals): void {
    process.kill(this.pid, signal);
  }

  exited(timeoutMs: number) {
    return exited(this.process, timeoutMs);
  }

  /** Resolves with the first match of `pattern` in the output from `from` on. */
  waitForLine(pattern: RegExp, timeoutMs: number, from = 0): Promise<RegExpMatchArray> {
    return until(`${this.name} to print ${pattern}`, timeoutMs, () => {
      if (!this.running && !pattern.test(this.output.slice(from))) throw new Error(`${this.name} exited (${this.process.exitCode ?? this.process.signalCode}) before printing ${pattern}:\n${this.tail()}`);
      return this.output.slice(from).match(pattern) ?? undefined;
    }, 50);
  }

  /** The last lines of the output, for failure messages. */
  tail(lines = 40): string {
    return this.output.split('\n').slice(-lines).join('\n');
  }

  /** The app's error lines with their stack traces (Nest prints the stack on the lines after ERROR). */
  errorExcerpt(maxChars = 6000): string {
    const lines = this.output.split('\n');
    const picked: string[] = [];
    for (let i = 0; i < lines.length; i++) {
      if (!/\bERROR\b/.test(lines[i])) continue;
      picked.push(lines[i]);
      for (let j = i + 1; j < lines.length && /^\s+at |^\S*Error\b|^\s*\[?cause/.test(lines[j]); j++) picked.push(lines[j]);
    }
    const text = picked.join('\n');
    return text.length > maxChars ? `${text.slice(0, maxChars)}\n… (${text.length - maxChars} more characters)` : text;
  }
}
