import { Clock } from '../../src/common/clock';
import { Session } from '../../src/auth/entities/session.entity';
import { User } from '../../src/users/entities/user.entity';
import { bearer, PASSWORD, TestApp } from '../support/test-app';

const MINUTE = 60_000;
const CONFIRM = { errors: ["Confirm it's you to make this change."], reauthentication_required: true };

/**
 * Re-authentication: a role or an e-mail address changed by an admin needs a proof of identity from the last five
 * minutes (the sign-in, or POST /me/reauthenticate). Time moves with the injectable Clock.
 */
describe('Re-authentication before sensitive changes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start({ LOGIN_MAX_FAILURES: '3' });
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  /** Moves the app's clock (and only it) `ms` ahead of the real time. */
  const later = (ms: number, app: TestApp = t) => jest.spyOn(app.app.get(Clock), 'now').mockImplementation(() => new Date(Date.now() + ms));

  /** An admin of its own (the test may change its password or exhaust its throttle) and a fresh session of it. */
  const admin = async () => t.member({ role: 'admin' });
  const patchUser = (token: string, id: number, body: object) => t.http.patch(`/api/users/${id}`).set(bearer(token)).send(body);
  const reauthenticate = (token: string, password: string) => t.http.post('/api/me/reauthenticate').set(bearer(token)).send({ password });
  const roleOf = async (id: number) => (await t.dataSource.getRepository(User).findOneByOrFail({ id })).role;
  const eventsOf = (type: string, userId: number) =>
    t.dataSource.query('SELECT type, user_id, details FROM security_events WHERE type = ? AND user_id = ? ORDER BY id', [type, userId]);

  it('lets an admin change a role right after signing in', async () => {
    const { token } = await admin();
    const member = await t.createUser();
    await patchUser(token, member.id, { role: 'admin' }).expect(200);
    expect(await roleOf(member.id)).toBe('admin');
  });

  it('still lets it four minutes later', async () => {
    const { token } = await admin();
    const member = await t.createUser();
    later(4 * MINUTE);
    await patchUser(token, member.id, { role: 'admin' }).expect(200);
  });

  it('asks to confirm a role or an e-mail change five minutes after the sign-in, and changes nothing', async () => {
    const { token } = await admin();
    const member = await t.createUser();
    later(5 * MINUTE);
    expect((await patchUser(token, member.id, { role: 'admin' }).expect(403)).body).toEqual(CONFIRM);
    expect((await patchUser(token, member.id, { email: 'moved@pool.test', name: 'Moved' }).expect(403)).body).toEqual(CONFIRM);
    const stored = await t.dataSource.getRepository(User).findOneByOrFail({ id: member.id });
    expect(stored).toEqual(expect.objectContaining({ role: 'user', email: member.email, name: member.name }));
  });

  it('does not ask for a name or a record change, nor for a role or an e-mail sent back unchanged', async () => {
    const { token } = await admin();
    const member = await t.createUser();
    later(20 * MINUTE);
    await patchUser(token, member.id, { name: 'Renamed', wins: 4 }).expect(200);
    // The console's edit form sends the whole record back, with PUT.
    await t.http.put(`/api/users/${member.id}`).set(bearer(token)).send({ name: 'Renamed again', role: 'user', email: member.email }).expect(200);
    await t.http.put(`/api/users/${member.id}`).set(bearer(token)).send({ name: 'Renamed again', role: 'admin', email: member.email }).expect(403);
    expect(await t.dataSource.getRepository(User).findOneByOrFail({ id: member.id })).toEqual(expect.objectContaining({ name: 'Renamed again', wins: 4 }));
  });

  it('answers a refused change as before, without asking to confirm first', async () => {
    const { user, token } = await admin();
    const other = await t.createUser();
    later(10 * MINUTE);
    expect((await patchUser(token, user.id, { role: 'user' }).expect(422)).body).toEqual({ errors: ['You cannot remove your own admin role'] });
    expect((await patchUser(token, other.id, { email: user.email }).expect(422)).body).toEqual({ errors: ['email is already used by another account'] });
  });

  it('lets the change through after POST /me/reauthenticate, for five minutes from then', async () => {
    const { user, token } = await admin();
    const member = await t.createUser();
    later(20 * MINUTE);
    await patchUser(token, member.id, { role: 'admin' }).expect(403);
    const now = t.app.get(Clock).now().getTime();
    const confirmed = await reauthenticate(token, PASSWORD).expect(200);
    expect(confirmed.body).toEqual({ reauthenticated_until: expect.any(String) });
    const until = new Date(confirmed.body.reauthenticated_until).getTime();
    expect(until - now).toBeGreaterThanOrEqual(5 * MINUTE);
    expect(until - now).toBeLessThan(5 * MINUTE + MINUTE);
    await patchUser(token, member.id, { role: 'admin' }).expect(200);
    expect(await eventsOf('reauthenticated', user.id)).toEqual([{ type: 'reauthenticated', user_id: user.id, details: 'With the password' }]);
    // Five minutes after the confirmation, it asks again.
    later(25 * MINUTE);
    await patchUser(token, member.id, { role: 'user' }).expect(403);
  });

  it('accepts a password from before the length rule (shorter than 12 characters)', async () => {
    const old = await t.createUser({ role: 'admin', password: 'kick06' });
    const token = await t.login(old.email, 'kick06');
    later(20 * MINUTE);
    await reauthenticate(token, 'kick06').expect(200);
  });

  it('answers a wrong password 422, logs it, and then throttles per account with 429', async () => {
    const { user, token } = await admin();
    const member = await t.createUser();
    later(10 * MINUTE);
    for (let i = 0; i < 3; i++) expect((await reauthenticate(token, `guess-${i}`).expect(422)).body).toEqual({ errors: ['Password is incorrect'] });
    // Counted before the password is checked: the right one waits too, and the session stays unconfirmed.
    const refused = await reauthenticate(token, PASSWORD).expect(429);
    expect(refused.body).toEqual({ errors: [expect.stringMatching(/^Too many failed password attempts\. Try again in \d+ minutes?\.$/)] });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(14 * 60);
    await patchUser(token, member.id, { role: 'admin' }).expect(403);
    expect(await eventsOf('reauthentication_failed', user.id)).toHaveLength(3);
  });

  it('shares its count with the password change: guesses cannot be split between the two', async () => {
    const { token } = await admin();
    later(10 * MINUTE);
    await reauthenticate(token, 'guess-1').expect(422);
    await reauthenticate(token, 'guess-2').expect(422);
    const change = { current_password: 'guess-3', new_password: 'a-new-password-1', password_confirmation: 'a-new-password-1' };
    await t.http.patch('/api/me/password').set(bearer(token)).send(change).expect(422);
    await reauthenticate(token, PASSWORD).expect(429);
  });

  it('a right password clears the count', async () => {
    const { token } = await admin();
    await reauthenticate(token, 'guess-1').expect(422);
    await reauthenticate(token, 'guess-2').expect(422);
    await reauthenticate(token, PASSWORD).expect(200);
    await reauthenticate(token, 'guess-3').expect(422);
    await reauthenticate(token, 'guess-4').expect(422);
    await reauthenticate(token, PASSWORD).expect(200);
  });

  it('needs a password, and a signed-in session', async () => {
    const { token } = await admin();
    expect((await t.http.post('/api/me/reauthenticate').set(bearer(token)).send({}).expect(422)).body).toEqual({ errors: ['password is required'] });
    await t.http.post('/api/me/reauthenticate').send({ password: PASSWORD }).expect(401);
  });

  it('counts the password change (which asks for the current password) as a confirmation', async () => {
    const { token } = await admin();
    const member = await t.createUser();
    later(10 * MINUTE);
    const change = { current_password: PASSWORD, new_password: 'a-new-password-1', password_confirmation: 'a-new-password-1' };
    const changed = await t.http.patch('/api/me/password').set(bearer(token)).send(change).expect(200);
    await patchUser(changed.body.token, member.id, { role: 'admin' }).expect(200);
  });

  it('asks a session that has no proof on record (one from before re-authentication) to confirm', async () => {
    const { user, token } = await admin();
    const member = await t.createUser();
    await t.dataSource.getRepository(Session).update({ user_id: user.id }, { reauthenticated_at: null });
    expect((await patchUser(token, member.id, { role: 'admin' }).expect(403)).body).toEqual(CONFIRM);
    await reauthenticate(token, PASSWORD).expect(200);
    await patchUser(token, member.id, { role: 'admin' }).expect(200);
  });

  it('is about the session, not the account: another session of the same admin is still asked', async () => {
    const { user, token } = await admin();
    const second = await t.login(user.email, PASSWORD);
    const member = await t.createUser();
    later(10 * MINUTE);
    await reauthenticate(token, PASSWORD).expect(200);
    await patchUser(second, member.id, { role: 'admin' }).expect(403);
    await patchUser(token, member.id, { role: 'admin' }).expect(200);
  });

  it('counts a confirmation made through another instance at once', async () => {
    const beside = await TestApp.startBeside(t);
    try {
      const { token } = await admin();
      const member = await t.createUser();
      later(10 * MINUTE);
      later(10 * MINUTE, beside);
      // This instance checked the session (and keeps that check) before the other one confirmed it.
      await patchUser(token, member.id, { role: 'admin' }).expect(403);
      await beside.http.post('/api/me/reauthenticate').set(bearer(token)).send({ password: PASSWORD }).expect(200);
      await patchUser(token, member.id, { role: 'admin' }).expect(200);
    } finally {
      await beside.close();
    }
  });
});
