import { Session } from '../../src/auth/entities/session.entity';
import { Clock } from '../../src/common/clock';
import { SecurityEvent } from '../../src/security/entities/security-event.entity';
import { User } from '../../src/users/entities/user.entity';
import { ADMIN, bearer, PASSWORD, TestApp } from '../support/test-app';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const EXPIRED = { errors: ['Your session is invalid or has expired'] };

/**
 * docs/security.md, V3.3.2. How long sessions last (docs/decisions.md, "Session lifetimes"), with the app's clock moved, never waited for:
 * a member's 12 hours, "Stay signed in" sliding 30 days (and its 365-day cap), the admins' 12 hours and 30 minutes idle.
 */
describe('Session lifetimes', () => {
  let t: TestApp;
  let now: number;

  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());
  beforeEach(() => {
    now = Date.now();
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(now));
  });
  afterEach(() => jest.restoreAllMocks());

  const at = (offset: number, start: number) => {
    now = start + offset;
  };
  const me = (token: string) => t.http.get('/api/me').set(bearer(token));
  const claimsOf = (token: string): { iat: number; exp: number; sid: string } => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  async function login(email: string, password: string, remember?: boolean): Promise<string> {
    const response = await t.http.post('/api/users/login').send({ email, password, ...(remember === undefined ? {} : { remember }) }).expect(200);
    return response.body.token as string;
  }
  /** Waits until the session's row shows a use at `time` (the use is written without the request waiting for it). */
  async function writtenAt(token: string, time: number): Promise<Session> {
    for (;;) {
      const row = await t.dataSource.getRepository(Session).findOneByOrFail({ public_id: claimsOf(token).sid });
      // Within a second: MySQL's datetime keeps whole seconds.
      if (row.last_seen_at.getTime() >= time - 1000) return row;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('V3.3.2 a member who does not check "Stay signed in" (or leaves it out) is signed in for 12 hours, used or not', async () => {
    const user = await t.createUser();
    for (const remember of [false, undefined]) {
      const start = now;
      const token = await login(user.email, PASSWORD, remember);
      expect(claimsOf(token).exp - claimsOf(token).iat).toBe(12 * 3600);
      at(6 * HOUR, start);
      await me(token).expect(200);
      at(12 * HOUR - MINUTE, start);
      await me(token).expect(200);
      at(12 * HOUR + 1000, start);
      expect((await me(token).expect(401)).body).toEqual(EXPIRED);
      now = start;
    }
  });

  it('V3.3.2 "Stay signed in" keeps a member signed in while used: each use moves the end to 30 days on', async () => {
    const user = await t.createUser();
    const start = now;
    const token = await login(user.email, PASSWORD, true);
    // The token lasts the longest the session can (365 days); the session's row decides before that.
    expect(claimsOf(token).exp - claimsOf(token).iat).toBe(365 * 24 * 3600);
    const idle = await login(user.email, PASSWORD, true);
    // The security log says which logins chose to stay signed in.
    const logins = await t.dataSource.getRepository(SecurityEvent).findBy({ user_id: user.id, type: 'login' });
    expect(logins.map((event) => event.details)).toEqual(['Stay signed in', 'Stay signed in']);
    for (const day of [29, 58, 87]) {
      at(day * DAY, start);
      await me(token).expect(200);
      const row = await writtenAt(token, now);
      expect(Math.abs(row.expires_at.getTime() - (now + 30 * DAY))).toBeLessThanOrEqual(1000);
    }
    // The other session, never used since sign-in, ended 30 days after it.
    expect((await me(idle).expect(401)).body).toEqual(EXPIRED);
    at(87 * DAY + 30 * DAY - MINUTE, start);
    await me(token).expect(200);
    at(87 * DAY + 30 * DAY - MINUTE + 30 * DAY + 1000, start);
    expect((await me(token).expect(401)).body).toEqual(EXPIRED);
  });

  it('V3.3.2 "Stay signed in" ends 365 days after sign-in however much the member uses it', async () => {
    const user = await t.createUser();
    const start = now;
    const token = await login(user.email, PASSWORD, true);
    for (let day = 25; day < 365; day += 25) {
      at(day * DAY, start);
      await me(token).expect(200);
      await writtenAt(token, now);
    }
    at(365 * DAY - MINUTE, start);
    await me(token).expect(200);
    at(365 * DAY + 1000, start);
    expect((await me(token).expect(401)).body).toEqual(EXPIRED);
  });

  it('V3.3.2 an admin is signed in for 12 hours at most, however used, "Stay signed in" or not', async () => {
    for (const remember of [true, false]) {
      const start = now;
      const token = await login(ADMIN.email, ADMIN.password, remember);
      expect(claimsOf(token).exp - claimsOf(token).iat).toBe(12 * 3600);
      for (let minute = 20; minute < 12 * 60; minute += 20) {
        at(minute * MINUTE, start);
        await me(token).expect(200);
        await writtenAt(token, now);
      }
      at(12 * HOUR + 1000, start);
      expect((await me(token).expect(401)).body).toEqual(EXPIRED);
      now = start;
    }
  });

  it("V3.3.2 an admin's session ends after 30 minutes unused", async () => {
    const start = now;
    const token = await login(ADMIN.email, ADMIN.password);
    at(29 * MINUTE, start);
    await me(token).expect(200);
    await writtenAt(token, now);
    at(58 * MINUTE, start);
    await me(token).expect(200);
    await writtenAt(token, now);
    at(58 * MINUTE + 30 * MINUTE + 1000, start);
    expect((await me(token).expect(401)).body).toEqual(EXPIRED);
  });

  it('V3.3.2 a member made admin during a session is held to the admin limits from then on', async () => {
    const user = await t.createUser();
    const start = now;
    const token = await login(user.email, PASSWORD, true);
    await t.dataSource.getRepository(User).update(user.id, { role: 'admin' });
    at(31 * MINUTE, start);
    expect((await me(token).expect(401)).body).toEqual(EXPIRED);
  });
});
