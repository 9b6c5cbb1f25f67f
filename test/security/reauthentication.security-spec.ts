import { Clock } from '../../src/common/clock';
import { User } from '../../src/users/entities/user.entity';
import { bearer, PASSWORD, TestApp } from '../support/test-app';

const MINUTE = 60_000;

/** ASVS 3.7.1: sensitive changes need a full, recent authentication (docs/security.md, V3). */
describe('Re-authentication before sensitive changes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const later = (ms: number) => jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(Date.now() + ms));
  const roleOf = async (id: number) => (await t.dataSource.getRepository(User).findOneByOrFail({ id })).role;

  it('V3.7.1 a role change by an admin whose last proof is five minutes old is refused until the password is given again', async () => {
    const { user: admin, token } = await t.member({ role: 'admin' });
    const member = await t.createUser();
    later(5 * MINUTE);
    const refused = await t.http.patch(`/api/users/${member.id}`).set(bearer(token)).send({ role: 'admin' }).expect(403);
    expect(refused.body).toEqual({ errors: ["Confirm it's you to make this change."], reauthentication_required: true });
    expect(await roleOf(member.id)).toBe('user');

    await t.http.post('/api/me/reauthenticate').set(bearer(token)).send({ password: 'not-the-password' }).expect(422);
    await t.http.post('/api/me/reauthenticate').set(bearer(token)).send({ password: PASSWORD }).expect(200);
    await t.http.patch(`/api/users/${member.id}`).set(bearer(token)).send({ role: 'admin' }).expect(200);
    expect(await roleOf(member.id)).toBe('admin');

    const logged = await t.dataSource.query('SELECT type FROM security_events WHERE user_id = ? AND type LIKE ? ORDER BY id', [admin.id, 'reauthentication%']);
    expect(logged).toEqual([{ type: 'reauthentication_failed' }]);
    const confirmed = await t.dataSource.query('SELECT type FROM security_events WHERE user_id = ? AND type = ?', [admin.id, 'reauthenticated']);
    expect(confirmed).toHaveLength(1);
  });

  it('V3.7.1 an e-mail change is refused the same way, and a stolen token cannot confirm without the password', async () => {
    const { token } = await t.member({ role: 'admin' });
    const member = await t.createUser();
    later(20 * MINUTE);
    await t.http.patch(`/api/users/${member.id}`).set(bearer(token)).send({ email: 'taken-over@pool.test' }).expect(403);
    for (const password of ['', 'secret', 'password123']) await t.http.post('/api/me/reauthenticate').set(bearer(token)).send({ password }).expect(422);
    await t.http.patch(`/api/users/${member.id}`).set(bearer(token)).send({ email: 'taken-over@pool.test' }).expect(403);
    expect((await t.dataSource.getRepository(User).findOneByOrFail({ id: member.id })).email).toBe(member.email);
  });
});
