import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { runStage } from '../deployment/dockerfile';
import { TestApp } from '../support/test-app';

/**
 * The container (docs/decisions.md). Docker does not run where these tests run, so the health check's own command is
 * run against the real app; the Dockerfile's user and the compose file's restart policies, which need no app, are
 * read in the unit tier (test/deployment/container.spec.ts).
 */
const dockerfile = readFileSync(join(__dirname, '..', '..', 'Dockerfile'), 'utf8');

const run = (command: string[], env: Record<string, string>) =>
  new Promise<number>((resolve) => {
    execFile(command[0], command.slice(1), { env: { ...process.env, ...env }, timeout: 10_000 }, (error) => resolve(error ? Number(error.code ?? 1) || 1 : 0));
  });

describe('The container', () => {
  const stage = runStage(dockerfile);
  const healthcheck = stage.find((step) => step.instruction === 'HEALTHCHECK');
  const command = JSON.parse(healthcheck?.args.replace(/^.*?CMD\s+/, '') ?? '[]') as string[];

  describe('V1.2.1 the app runs under a low-privilege operating system account, restarted and health-checked', () => {
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
