import { CACHE_BOUND_MS } from '../../src/database/cached-reads';
import { createSeason, createWeek } from '../support/factories';
import { bearer, PASSWORD, TestApp } from '../support/test-app';

/**
 * docs/security.md V3.3 and docs/saturday.md#the-live-board: the session check is kept between a member's polls of
 * the live board, and an ended session's next poll is still refused (401, never a 304), here at once and on another
 * instance within CACHE_BOUND_MS.
 */
describe('Polls of the live board with a kept session check', () => {
  let t: TestApp;
  let admin: string;
  let weekId: number;

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
    const season = await createSeason(t.dataSource);
    weekId = (await createWeek(t.dataSource, { football_season_id: season.id })).id;
  });
  afterAll(() => t.close());

  const sidOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;
  const poll = (token: string, tag?: string, app = t) => {
    const request = app.http.get(`/api/weeks/${weekId}/live`).set(bearer(token));
    return tag ? request.set('If-None-Match', tag) : request;
  };

  /** A member polling as the page does: a first answer, then 304s; their tag. */
  async function polling(token: string, app = t): Promise<string> {
    const tag = (await poll(token, undefined, app).expect(200)).headers.etag;
    await poll(token, tag, app).expect(304);
    await poll(token, tag, app).expect(304);
    return tag;
  }

  /** The statements that read a session, while `work` runs. */
  async function sessionReads(work: () => Promise<unknown>): Promise<number> {
    const query = jest.spyOn(t.dataSource.manager, 'query');
    try {
      await work();
      return query.mock.calls.filter(([sql]) => /public_id/.test(String(sql))).length;
    } finally {
      query.mockRestore();
    }
  }

  it('does not read the session again for every poll, a poll a while after the last included', async () => {
    const { token } = await t.member();
    const tag = await polling(token);
    expect(
      await sessionReads(async () => {
        // Past CACHE_BOUND_MS, as a page's polls are (every 15 seconds): the fingerprint is read again, not the session.
        await new Promise((resolve) => setTimeout(resolve, CACHE_BOUND_MS + 100));
        for (let i = 0; i < 3; i++) await poll(token, tag).expect(304);
      }),
    ).toBe(0);
  });

  it('refuses the next poll after a logout, and keeps the member\'s other session working', async () => {
    const { user, token } = await t.member();
    const other = await t.login(user.email, PASSWORD);
    const tag = await polling(token);
    const otherTag = await polling(other);
    await t.http.post('/api/logout').set(bearer(token)).expect(204);
    expect((await poll(token, tag).expect(401)).body).toEqual({ errors: ['Your session is invalid or has expired'] });
    await poll(other, otherTag).expect(304);
  });

  it('refuses the next poll of every session after logging out everywhere', async () => {
    const { user, token } = await t.member();
    const phone = await t.login(user.email, PASSWORD);
    const [tag, phoneTag] = [await polling(token), await polling(phone)];
    await t.http.post('/api/logout_everywhere').set(bearer(token)).expect(204);
    await poll(token, tag).expect(401);
    await poll(phone, phoneTag).expect(401);
  });

  it('refuses the next poll of a session ended from the list of sessions', async () => {
    const { user, token } = await t.member();
    const phone = await t.login(user.email, PASSWORD);
    const phoneTag = await polling(phone);
    await t.http.delete(`/api/me/sessions/${sidOf(phone)}`).set(bearer(token)).expect(204);
    await poll(phone, phoneTag).expect(401);
    await polling(token);
  });

  it('refuses the next poll of the other sessions after a password change', async () => {
    const { user, token } = await t.member();
    const phone = await t.login(user.email, PASSWORD);
    const phoneTag = await polling(phone);
    const changed = await t.http
      .patch('/api/me/password')
      .set(bearer(token))
      .send({ current_password: PASSWORD, new_password: 'polled-new-secret', password_confirmation: 'polled-new-secret' })
      .expect(200);
    await poll(phone, phoneTag).expect(401);
    await polling(changed.body.token);
  });

  it('refuses the next poll of a deleted member, and of an admin demoted (a role change ends their sessions)', async () => {
    const { user, token } = await t.member();
    const tag = await polling(token);
    await t.http.delete(`/api/users/${user.id}`).set(bearer(admin)).expect(204);
    await poll(token, tag).expect(401);

    const promoted = await t.member({ role: 'admin' });
    await polling(promoted.token);
    await t.http.get('/api/users').set(bearer(promoted.token)).expect(200);
    await t.http.patch(`/api/users/${promoted.user.id}`).set(bearer(admin)).send({ role: 'user' }).expect(200);
    await t.http.get('/api/users').set(bearer(promoted.token)).expect(401);
    await poll(promoted.token).expect(401);
  });

  it('refuses the poll of a session revoked with SQL of its own (another process) within CACHE_BOUND_MS', async () => {
    const { token } = await t.member();
    const tag = await polling(token);
    // Not through TypeORM: only the fingerprint read once per CACHE_BOUND_MS can see it.
    await t.dataSource.query('UPDATE sessions SET revoked_at = ? WHERE public_id = ?', [new Date().toISOString().replace('T', ' ').slice(0, 23), sidOf(token)]);
    const revoked = Date.now();
    let seenAfter = Infinity;
    while (Date.now() - revoked < CACHE_BOUND_MS + 1000) {
      const status = (await poll(token, tag)).status;
      if (status === 401) {
        seenAfter = Date.now() - revoked;
        break;
      }
      expect(status).toBe(304);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // The bound plus the time one request takes on this shared machine.
    expect(seenAfter).toBeLessThanOrEqual(CACHE_BOUND_MS + 250);
  });

  it('refuses the poll on another instance within CACHE_BOUND_MS of a logout through this one', async () => {
    const beside = await TestApp.startBeside(t);
    try {
      const { token } = await t.member();
      const tag = await polling(token, beside);
      await t.http.post('/api/logout').set(bearer(token)).expect(204);
      const loggedOut = Date.now();
      let seenAfter = Infinity;
      while (Date.now() - loggedOut < CACHE_BOUND_MS + 1000) {
        const status = (await poll(token, tag, beside)).status;
        if (status === 401) {
          seenAfter = Date.now() - loggedOut;
          break;
        }
        expect(status).toBe(304);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(seenAfter).toBeLessThanOrEqual(CACHE_BOUND_MS + 250);
      await poll(token, tag, beside).expect(401);
    } finally {
      await beside.close();
    }
  });
});
