import { User } from '../../src/users/entities/user.entity';
import { ADMIN, bearer, PASSWORD, TestApp } from '../support/test-app';

describe('Users (admin)', () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
    adminId = (await t.http.get('/api/me').set(bearer(admin))).body.id;
  });
  afterAll(() => t.close());

  it('lists users without secrets', async () => {
    const { user } = await t.member({ name: 'Listed Member' });
    const response = await t.http.get('/api/users').set(bearer(admin)).expect(200);
    const listed = response.body.find((u: { id: number }) => u.id === user.id);
    expect(listed).toEqual(expect.objectContaining({ email: user.email, name: 'Listed Member', role: 'user', wins: 0, losses: 0, admin: false }));
    expect(JSON.stringify(response.body)).not.toMatch(/password|hash|token_version/);
  });

  it("speaks react-admin's list dialect: search, sort, page with Content-Range, getMany", async () => {
    const a = await t.createUser({ name: 'Dialect Alpha', email: 'dialect-alpha@pool.test' });
    const b = await t.createUser({ name: 'Dialect Beta', email: 'dialect-beta@pool.test' });
    const page = await t.http
      .get('/api/users')
      .query({ filter: JSON.stringify({ q: 'DIALECT' }), sort: JSON.stringify(['name', 'DESC']), range: JSON.stringify([0, 0]) })
      .set(bearer(admin))
      .expect(200);
    expect(page.headers['content-range']).toBe('users 0-0/2');
    expect(page.body.map((u: { name: string }) => u.name)).toEqual(['Dialect Beta']);

    const many = await t.http.get('/api/users').query({ filter: JSON.stringify({ id: [a.id, b.id] }) }).set(bearer(admin)).expect(200);
    expect(many.body.map((u: { id: number }) => u.id).sort()).toEqual([a.id, b.id].sort());
    await t.http.get('/api/users').query({ sort: JSON.stringify(['password_hash', 'ASC']) }).set(bearer(admin)).expect(400);
  });

  it('edits role, email, name, wins and losses', async () => {
    const { user } = await t.member();
    const response = await t.http
      .patch(`/api/users/${user.id}`)
      .set(bearer(admin))
      .send({ email: 'Renamed@Pool.test', name: 'Renamed', wins: 7, losses: 3 })
      .expect(200);
    expect(response.body).toEqual(expect.objectContaining({ email: 'renamed@pool.test', name: 'Renamed', wins: 7, losses: 3, role: 'user' }));
    await t.http.put(`/api/users/${user.id}`).set(bearer(admin)).send({ role: 'admin' }).expect(200);
    expect((await t.http.get(`/api/users/${user.id}`).set(bearer(admin))).body).toEqual(expect.objectContaining({ role: 'admin', admin: true }));
  });

  it.each([
    [{ role: 'superuser' }, 'role must be one of: user, admin'],
    [{ wins: -1 }, 'wins must not be less than 0'],
    [{ losses: 'many' }, 'losses must be a whole number'],
    [{ email: 'bad' }, 'email must be an email'],
    [{ email: ADMIN.email }, 'email is already used by another account'],
    [{ name: '' }, 'name must not be empty'],
    [{ name: null }, 'name must be a string'],
  ])('refuses %j with 422 and changes nothing', async (body, message) => {
    const { user } = await t.member({ name: 'Unchanged' });
    const response = await t.http.patch(`/api/users/${user.id}`).set(bearer(admin)).send(body).expect(422);
    expect(response.body.errors[0]).toBe(message);
    const stored = await t.dataSource.getRepository(User).findOneByOrFail({ id: user.id });
    expect(stored).toEqual(expect.objectContaining({ name: 'Unchanged', role: 'user', wins: 0, email: user.email }));
  });

  it('an admin can neither demote nor delete themself', async () => {
    expect((await t.http.patch(`/api/users/${adminId}`).set(bearer(admin)).send({ role: 'user' }).expect(422)).body.errors[0]).toBe(
      'You cannot remove your own admin role',
    );
    expect((await t.http.delete(`/api/users/${adminId}`).set(bearer(admin)).expect(422)).body.errors[0]).toBe('You cannot delete your own account');
    await t.http.get('/api/users').set(bearer(admin)).expect(200);
  });

  it('demoting an admin ends their sessions; their new session is a member one', async () => {
    const other = await t.createUser({ role: 'admin' });
    const session = await t.login(other.email, PASSWORD);
    await t.http.get('/api/users').set(bearer(session)).expect(200);
    await t.http.patch(`/api/users/${other.id}`).set(bearer(admin)).send({ role: 'user' }).expect(200);
    await t.http.get('/api/users').set(bearer(session)).expect(401);
    const fresh = await t.login(other.email, PASSWORD);
    await t.http.get('/api/users').set(bearer(fresh)).expect(403);
  });

  it('deleting a user ends their sessions and frees the e-mail', async () => {
    const { user, token } = await t.member();
    await t.http.delete(`/api/users/${user.id}`).set(bearer(admin)).expect(204);
    await t.http.get('/api/me').set(bearer(token)).expect(401);
    await t.http.get(`/api/users/${user.id}`).set(bearer(admin)).expect(404);
    await t.http.delete(`/api/users/${user.id}`).set(bearer(admin)).expect(404);
  });

  it('answers 403 to members and 401 without a session on every admin route', async () => {
    const { user, token } = await t.member();
    for (const [method, path] of [
      ['get', '/api/users'],
      ['get', `/api/users/${user.id}`],
      ['patch', `/api/users/${user.id}`],
      ['put', `/api/users/${user.id}`],
      ['delete', `/api/users/${user.id}`],
    ] as const) {
      await t.http[method](path).set(bearer(token)).send({ role: 'admin' }).expect(403);
      await t.http[method](path).send({ role: 'admin' }).expect(401);
    }
    expect((await t.dataSource.getRepository(User).findOneByOrFail({ id: user.id })).role).toBe('user');
  });
});
