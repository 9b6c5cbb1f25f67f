import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IsNull } from 'typeorm';
import { PasswordReset } from '../../src/auth/entities/password-reset.entity';
import { User } from '../../src/users/entities/user.entity';
import { settledDeliveries } from '../support/outbox';
import { bearer, TestApp } from '../support/test-app';

describe('The platform', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start({ APP_NAME: 'Saturday Pool' });
  });
  afterAll(() => t.close());

  it('reports health with the database status', async () => {
    const response = await t.http.get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', database: { status: 'up', type: t.config.database.type } });
  });

  it('serves the app name and the OpenAPI docs', async () => {
    expect((await t.http.get('/api/app_config').expect(200)).body).toEqual({ app_name: 'Saturday Pool' });
    const docs = await t.http.get('/api/docs-json').expect(200);
    expect(Object.keys(docs.body.paths)).toEqual(expect.arrayContaining(['/api/users/login', '/api/register', '/api/invitations']));
    // A record's edit is served for PUT (react-admin) as for PATCH, and documented so.
    expect(Object.keys(docs.body.paths['/api/teams/{id}'])).toEqual(expect.arrayContaining(['patch', 'put']));
    expect(docs.body.paths['/api/teams/{id}'].put.responses).toEqual(docs.body.paths['/api/teams/{id}'].patch.responses);
    await t.http.get('/api/docs').expect(200);
  });

  it('answers every error in the {"errors": [...]} shape with the fitting status', async () => {
    expect((await t.http.get('/api/no-such-thing').expect(404)).body).toEqual({ errors: ['Cannot GET /api/no-such-thing'] });
    const malformed = await t.http.post('/api/users/login').set('Content-Type', 'application/json').send('{"email": ').expect(400);
    expect(malformed.body.errors[0]).toMatch(/^Request body is not valid JSON/);
    const bare = await t.http.post('/api/users/login').set('Content-Type', 'application/json').send('"a string"').expect(400);
    expect(bare.body.errors).toEqual(['Request body is not valid JSON: an object or an array is expected']);
    const empty = await t.http.post('/api/users/login').set('Content-Type', 'application/json').send('').expect(422);
    expect(empty.body.errors).toEqual(expect.arrayContaining([expect.stringMatching(/email/)]));
    const admin = await t.adminToken();
    expect((await t.http.get('/api/users/12abc').set(bearer(admin)).expect(400)).body).toEqual({ errors: ['id must be a whole number'] });
    expect((await t.http.get('/api/users/999999').set(bearer(admin)).expect(404)).body).toEqual({ errors: ['User not found'] });
  });

  it('gives small answers a weak ETag that revalidates with 304', async () => {
    const first = await t.http.get('/api/app_config').expect(200);
    expect(first.headers.etag).toMatch(/^W\//);
    await t.http.get('/api/app_config').set('If-None-Match', first.headers.etag).expect(304);
  });

  it('drops unknown fields instead of writing them', async () => {
    const { user, token } = await t.member();
    await t.http.patch('/api/me/profile').set(bearer(token)).send({ first_name: 'Sam', role: 'admin', wins: 99, password_hash: 'x' }).expect(200);
    const stored = await t.dataSource.getRepository(User).findOneByOrFail({ id: user.id });
    expect(stored).toEqual(expect.objectContaining({ first_name: 'Sam', role: 'user', wins: 0, password_hash: user.password_hash }));
  });

  it('has a schema that matches the entities after the migrations (no pending changes)', async () => {
    const pending = await t.dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('reverts and reapplies the migrations cleanly', async () => {
    const ran = t.dataSource.migrations.length;
    for (let i = 0; i < ran; i++) await t.dataSource.undoLastMigration();
    expect(await t.dataSource.showMigrations()).toBe(true);
    await t.dataSource.runMigrations();
    expect((await t.dataSource.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
  });
});

describe('A fresh start', () => {
  it('creates the admin from ADMIN_EMAIL/ADMIN_PASSWORD once', async () => {
    const t = await TestApp.start();
    try {
      const admins = await t.dataSource.getRepository(User).findBy({ role: 'admin' });
      expect(admins.map((admin) => admin.email)).toEqual(['admin@pool.test']);
      await t.adminToken();
    } finally {
      await t.close();
    }
  });

  it('without ADMIN_EMAIL/ADMIN_PASSWORD, creates admin@example.com with a one-time setup link (test/security/secrets)', async () => {
    const t = await TestApp.start({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    try {
      const admin = await t.dataSource.getRepository(User).findOneByOrFail({ role: 'admin' });
      expect(admin.email).toBe('admin@example.com');
      expect(await t.dataSource.getRepository(PasswordReset).countBy({ user_id: admin.id, used_at: IsNull() })).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('without SMTP_URL, writes each e-mail to DATA_DIR/outbox with a working link', async () => {
    const t = await TestApp.start();
    try {
      const admin = await t.adminToken();
      await t.http.post('/api/invitations').set(bearer(admin)).send({ email: 'outbox@pool.test' }).expect(201);
      expect(await settledDeliveries(t, { email: 'outbox@pool.test' })).toEqual([expect.objectContaining({ status: 'sent' })]);
      const outbox = join(t.config.dataDir, 'outbox');
      const files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const raw = readFileSync(join(outbox, files[0]), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      expect(raw).toMatch(/^To: outbox@pool\.test$/m);
      const token = raw.match(/invitation_token=([A-Za-z0-9_-]+)/)![1];
      await t.http.post('/api/register').send({ email: 'outbox@pool.test', password: 'kickoff-season1', name: 'Out Box', invitation_token: token }).expect(201);
    } finally {
      await t.close();
    }
  });
});
