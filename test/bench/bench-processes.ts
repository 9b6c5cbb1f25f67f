import type { ChildProcess } from 'node:child_process';
import { AddressInfo, createServer as createNetServer } from 'node:net';

/** Every child process a bench started (app instances, floors), so its exit can end what is still running. */
export const children = new Set<ChildProcess>();

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createNetServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

/** Ends a child with SIGTERM, then SIGKILL after `graceMs` (a profiled app writes its profile on the way out). */
export async function stopChild(child: ChildProcess | undefined, graceMs = 3000): Promise<void> {
  if (!child) return;
  children.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
