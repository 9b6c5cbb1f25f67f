import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { TestApp } from '../support/test-app';

/**
 * The container (docs/decisions.md). Docker does not run where these tests run, so the Dockerfile and the compose
 * file are read, and the health check's own command is run against the real app.
 */
const root = join(__dirname, '..', '..');
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const compose = readFileSync(join(root, 'docker-compose.yml'), 'utf8');

/** The instructions of the image's last stage (the one that runs), continuation lines joined, comments left out. */
function runStage(text: string): { instruction: string; args: string }[] {
  const lines = text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const last = lines.map((line) => line.startsWith('FROM ')).lastIndexOf(true);
  return lines.slice(last).map((line) => {
    const [instruction, ...rest] = line.split(/\s+/);
    return { instruction: instruction.toUpperCase(), args: rest.join(' ') };
  });
}

/** The `restart:` of each service of the compose file (services at 2 spaces, their keys at 4). */
function restartPolicies(text: string): Record<string, string | undefined> {
  const services: Record<string, string | undefined> = {};
  let inServices = false;
  let current: string | null = null;
  for (const line of text.split('\n')) {
    if (/^\S/.test(line)) inServices = line.startsWith('services:');
    else if (inServices && /^ {2}[\w-]+:\s*$/.test(line)) services[(current = line.trim().slice(0, -1))] = undefined;
    else if (inServices && current && /^ {4}restart:/.test(line)) services[current] = line.split(':')[1].trim();
  }
  return services;
}

const run = (command: string[], env: Record<string, string>) =>
  new Promise<number>((resolve) => {
    execFile(command[0], command.slice(1), { env: { ...process.env, ...env }, timeout: 10_000 }, (error) => resolve(error ? Number(error.code ?? 1) || 1 : 0));
  });

describe('The container', () => {
  const stage = runStage(dockerfile);
  const healthcheck = stage.find((step) => step.instruction === 'HEALTHCHECK');
  const command = JSON.parse(healthcheck?.args.replace(/^.*?CMD\s+/, '') ?? '[]') as string[];

  describe('V1.2.1 the app runs under a low-privilege operating system account, restarted and health-checked', () => {
    it('switches to a user other than root before it starts, and never back', () => {
      const users = stage.filter((step) => step.instruction === 'USER').map((step) => step.args);
      expect(users.length).toBeGreaterThan(0);
      expect(users.filter((user) => /^(root|0)(:|$)/.test(user))).toEqual([]);
      const userAt = stage.findIndex((step) => step.instruction === 'USER');
      expect(userAt).toBeLessThan(stage.findIndex((step) => step.instruction === 'CMD' || step.instruction === 'ENTRYPOINT'));
      // The data volume, the one place the app writes, belongs to that user before it becomes a volume.
      const user = users[users.length - 1].split(':')[0];
      const chownAt = stage.findIndex((step) => step.instruction === 'RUN' && new RegExp(`chown (-R )?${user}(:\\w+)? /data`).test(step.args));
      expect(chownAt).toBeGreaterThanOrEqual(0);
      expect(chownAt).toBeLessThan(stage.findIndex((step) => step.instruction === 'VOLUME' && step.args.includes('/data')));
    });

    it('restarts both services after a crash or a reboot', () => {
      const policies = restartPolicies(compose);
      expect(Object.keys(policies).sort()).toEqual(['app', 'db']);
      for (const policy of Object.values(policies)) expect(['always', 'unless-stopped', 'on-failure']).toContain(policy);
    });

    describe('its health check asks GET /api/health', () => {
      let t: TestApp;
      let sick: Server;
      beforeAll(async () => {
        t = await TestApp.start();
        await t.app.listen(0, '127.0.0.1');
        sick = createServer((_request, response) => response.writeHead(503).end('{"errors":["Database unavailable"]}'));
        await new Promise<void>((resolve) => sick.listen(0, '127.0.0.1', resolve));
      }, 30_000);
      afterAll(async () => {
        await new Promise((resolve) => sick.close(resolve));
        await t.close();
      });

      it('passes while the app answers, fails on a 503 and when nothing listens', async () => {
        expect(command[0]).toBe('node');
        expect(command.join(' ')).toContain('/api/health');
        const port = (server: { address(): AddressInfo | string | null }) => String((server.address() as AddressInfo).port);
        expect(await run(command, { PORT: port(t.app.getHttpServer()) })).toBe(0);
        expect(await run(command, { PORT: port(sick) })).not.toBe(0);
        const closed = port(sick);
        await new Promise((resolve) => sick.close(resolve));
        expect(await run(command, { PORT: closed })).not.toBe(0);
        sick = createServer();
      }, 30_000);
    });
  });
});
