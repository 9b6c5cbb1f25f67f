import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { runStage } from './dockerfile';

/**
 * The image and the compose file, read as Docker would read them (Docker does not run where these tests run). The
 * health check's own command is run against the real app in the security tier (container.security-spec.ts).
 */
const root = join(__dirname, '..', '..');
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
interface Service {
  restart?: string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
}
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')) as { services: Record<string, Service> };

/** Node's release lines that are in long-term support now: even majors from 22 until their end of life. */
const LTS_LINES = [22, 24];

describe('The image', () => {
  const stage = runStage(dockerfile);

  it('switches to a user other than root before it starts, and never back (ASVS V1.2.1)', () => {
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

  it('builds and runs on a Node line in long-term support, never one past its end of life', () => {
    const bases = [...dockerfile.matchAll(/^FROM\s+node:(\d+)/gm)].map((match) => Number(match[1]));
    expect(bases.length).toBe(2);
    for (const major of bases) expect(LTS_LINES).toContain(major);
  });
});

describe('The compose file', () => {
  it('restarts both services after a crash or a reboot (ASVS V1.2.1)', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'db']);
    for (const { restart } of Object.values(compose.services)) expect(['always', 'unless-stopped', 'on-failure']).toContain(restart);
  });

  it('takes every password and secret from the environment, never from the file', () => {
    // A variable the environment must set (${X:?why}) or may leave empty (${X:-}), and nothing written beside it.
    const fromEnvironment = /^\$\{[A-Z_]+(:\?[^}]*|:-)?\}$/;
    const secrets = Object.values(compose.services).flatMap((service) => Object.entries(service.environment ?? {}).filter(([key]) => /PASSWORD|SECRET/.test(key)));
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    for (const [key, value] of secrets) expect({ key, value: String(value).replace(fromEnvironment, 'from the environment') }).toEqual({ key, value: 'from the environment' });
    expect(compose.services.app.environment?.DATABASE_URL).toMatch(/^mysql:\/\/(\$\{[^}]+\}|\w+):\$\{MYSQL_PASSWORD\}@/);
    expect(JSON.stringify(compose.services.db.healthcheck)).not.toMatch(/-p\s*[a-z]/);
  });

  it('passes TRUST_PROXY to the app, so a proxy in front can be trusted for the client address', () => {
    expect(compose.services.app.environment?.TRUST_PROXY).toMatch(/^\$\{TRUST_PROXY/);
  });
});
