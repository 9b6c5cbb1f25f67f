import type { LoggerService } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getDataSourceToken } from '@nestjs/typeorm';
import * as bcrypt from 'bcrypt';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import type { Role } from '../../src/common/principal';
import { User } from '../../src/users/entities/user.entity';

export const ADMIN = { email: 'admin@pool.test', password: 'admin-secret' };
export const PASSWORD = 'pick-six-secret';

let databases = 0;

export interface StartOptions {
  logger?: LoggerService;
  settings?: Partial<AppConfig>;
}

export interface ServedRoute {
  method: string;
  url: string;
}

/**
 * The real application on a database of its own: a fresh SQLite file by default, or a fresh MySQL/MariaDB database
 * on the server named by TEST_DATABASE_URL (dropped again on close).
 */
export class TestApp {
  private constructor(
    readonly app: NestFastifyApplication,
    readonly config: AppConfig,
    /** Every route the app serves, as registered. */
    readonly routes: ServedRoute[],
    private readonly cleanup: () => Promise<void>,
  ) {}

  /**
   * `options.logger` receives the app's log (silent by default); `options.settings` override what the environment
   * cannot set (a test's own built web app in `frontendDir`).
   */
  static async start(env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestApp> {
    const dataDir = mkdtempSync(join(tmpdir(), 'tailgate-test-'));
    const database = await freshDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
      APP_URL: 'http://pool.test',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      BCRYPT_ROUNDS: '4',
      // Scheduled jobs are driven by the tests that test them (JobRunnerService.tick with a mocked clock).
      SCHEDULER_ENABLED: 'false',
      // Admins sign in with a password alone here ("an automated test that says so"): the second factor's own tests
      // start with ADMIN_SECOND_FACTOR=required and set one up.
      ADMIN_SECOND_FACTOR: 'optional',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    });
    Object.assign(config, options.settings);
    const app = await createApp(config, { logger: options.logger ?? false });
    const routes: ServedRoute[] = [];
    app.getHttpAdapter().getInstance().addHook('onRoute', ({ method, url }) => {
      for (const one of [method].flat()) routes.push({ method: one, url });
    });
    const cleanUp = async () => {
      await app.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    };
    try {
      await app.init();
    } catch (error) {
      // An app that refuses to start (a test of its start-up checks) leaves no connection or database behind.
      await cleanUp().catch(() => undefined);
      throw error;
    }
    await app.getHttpAdapter().getInstance().ready();
    return new TestApp(app, config, routes, cleanUp);
  }

  /**
   * Another app instance on the same database as `other` (several instances behind one load balancer): the same
   * SQLite file, or the same MySQL/MariaDB database. Close it before `other`.
   */
  static startBeside(other: TestApp, env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestApp> {
    const database = other.config.database;
    return TestApp.start({ ...(database.type === 'sqlite' ? { DATA_DIR: other.config.dataDir } : { DATABASE_URL: database.url }), ...env }, options);
  }

  get http() {
    return request(this.app.getHttpServer());
  }

  get dataSource(): DataSource {
    return this.app.get(getDataSourceToken());
  }

  close(): Promise<void> {
    return this.cleanup();
  }

  /**
   * Logs in through the API and returns the session token. Members "stay signed in" (30 days, extended while used), so
   * a test that moves the clock on by days keeps its members' sessions; an admin's still ends after 30 minutes unused.
   */
  async login(email: string, password: string): Promise<string> {
    const response = await this.http.post('/api/users/login').send({ email, password, remember: true }).expect(200);
    return response.body.token as string;
  }

  adminToken(): Promise<string> {
    return this.login(ADMIN.email, ADMIN.password);
  }

  /** A user written straight to the database (a factory, not the feature under test). */
  async createUser(overrides: Partial<User> & { password?: string } = {}): Promise<User> {
    const { password = PASSWORD, ...fields } = overrides;
    const n = Math.random().toString(36).slice(2, 8);
    const repository = this.dataSource.getRepository(User);
    return repository.save(
      repository.create({
        email: `member-${n}@pool.test`,
        name: `Member ${n}`,
        role: 'user' as Role,
        password_hash: await bcrypt.hash(password, 4),
        ...fields,
      }),
    );
  }

  /** A member and a session token for them. */
  async member(overrides: Partial<User> = {}): Promise<{ user: User; token: string }> {
    const user = await this.createUser(overrides);
    return { user, token: await this.login(user.email, PASSWORD) };
  }
}

async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const url = new URL(base);
  const name = `${url.pathname.slice(1) || 'tailgate_test'}_${process.pid}_${++databases}`;
  const server = `${url.protocol}//${url.username ? `${url.username}${url.password ? `:${url.password}` : ''}@` : ''}${url.host}/`;
  const admin = await createConnection({ uri: server.replace(/^mariadb:/, 'mysql:') });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  return {
    url: `${server}${name}`,
    drop: async () => {
      const connection = await createConnection({ uri: server.replace(/^mariadb:/, 'mysql:') });
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await connection.end();
    },
  };
}

/** Bearer header for supertest. */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
