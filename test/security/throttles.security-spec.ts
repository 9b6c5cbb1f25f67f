import { Like } from 'typeorm';
import { PasswordReset } from '../../src/auth/entities/password-reset.entity';
import { newToken } from '../../src/common/tokens';
import { Invitation } from '../../src/invitations/entities/invitation.entity';
import { NotificationDelivery } from '../../src/mail/entities/notification-delivery.entity';
import { SecurityEvent } from '../../src/security/entities/security-event.entity';
import { Throttle } from '../../src/security/entities/throttle.entity';
import { ThrottlesService } from '../../src/security/throttles.service';
import { User } from '../../src/users/entities/user.entity';
import { linkIn, TestSmtpServer } from '../support/smtp';
import { bearer, PASSWORD, TestApp } from '../support/test-app';

const LOGIN_REFUSED = /^Too many failed login attempts\. Try again in \d+ minutes?\.$/;

/** A login attempt, from the address a trusted proxy reports when `from` is given. */
function attempt(t: TestApp, email: string, password: string, from?: string) {
  const call = t.http.post('/api/users/login').send({ email, password });
  return from ? call.set('X-Forwarded-For', from) : call;
}

async function eventsOf(t: TestApp, type: string, email: string): Promise<SecurityEvent[]> {
  return t.dataSource.getRepository(SecurityEvent).find({ where: { type: type as SecurityEvent['type'], email }, order: { id: 'ASC' } });
}

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ThrottlesService (ASVS V2.2.1, V11.1.4)', () => {
  describe('V2.2.1 anti-automation against password guessing and account lockout', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await TestApp.start({ TRUST_PROXY: '1', LOGIN_DELAY_MAX: '2s' });
    });
    afterAll(() => t.close());

    it('V2.2.1 throttles the 6th bad login for one account with 429, Retry-After and the login text, even with the right password', async () => {
      const { email } = await t.createUser();
      for (let i = 0; i < 5; i++) await attempt(t, email, 'guess-' + i, '198.51.100.7').expect(401);
      const refused = await attempt(t, email, PASSWORD, '198.51.100.7').expect(429);
      expect(refused.body).toEqual({ errors: [expect.stringMatching(LOGIN_REFUSED)] });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(14 * 60);
      // Counted before the password was checked: the sixth attempt never reached it.
      const failed = await eventsOf(t, 'login_failed', email);
      expect(failed).toHaveLength(5);
      expect(failed[0]).toEqual(expect.objectContaining({ ip: '198.51.100.7', email }));
      expect(await eventsOf(t, 'throttled', email)).toHaveLength(1);
      // Other accounts from elsewhere are untouched.
      const other = await t.createUser();
      await attempt(t, other.email, PASSWORD, '198.51.100.8').expect(200);
    });

    it.each([
      ['one address', (_i: number) => '203.0.113.50'],
      ['20 addresses', (i: number) => `203.0.113.${100 + i}`],
    ])('V2.2.1 lets at most LOGIN_MAX_FAILURES of a parallel burst of 20 bad logins from %s reach the password check', async (_case, address) => {
      const { email } = await t.createUser();
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(t, email, `burst-${i}`, address(i))));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
      const checked = statuses.filter((status) => status === 401).length;
      expect(checked).toBeGreaterThanOrEqual(1);
      expect(checked).toBeLessThanOrEqual(5);
      expect(await eventsOf(t, 'login_failed', email)).toHaveLength(checked);
      for (const refused of answers.filter((answer) => answer.status === 429)) {
        expect(refused.body.errors[0]).toMatch(LOGIN_REFUSED);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
    });

    it('V2.2.1 an attacker failing from other addresses only delays the member, who logs in after the capped delay', async () => {
      const victim = await t.createUser();
      for (let i = 0; i < 30; i++) {
        const answer = await attempt(t, victim.email, `stuffed-${i}`, `192.0.2.${i + 1}`);
        expect([401, 429]).toContain(answer.status);
      }
      const now = await attempt(t, victim.email, PASSWORD, '198.51.100.200');
      if (now.status === 429) {
        // The wait is the capped delay (LOGIN_DELAY_MAX 2 s here), not the 15-minute block.
        const wait = Number(now.headers['retry-after']);
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(2);
        await sleep(wait * 1000 + 100);
      } else {
        expect(now.status).toBe(200);
      }
      const token = (await attempt(t, victim.email, PASSWORD, '198.51.100.200').expect(200)).body.token as string;
      await t.http.get('/api/me').set(bearer(token)).expect(200);
      // The success cleared the account's count: the attacker starts again from the limit.
      for (let i = 0; i < 4; i++) await attempt(t, victim.email, `again-${i}`, `192.0.2.${100 + i}`).expect(401);
    });

    it('V2.2.1 an address the member logged in from is spared the account delay while an attacker keeps trying', async () => {
      const member = await t.createUser();
      await attempt(t, member.email, PASSWORD, '198.51.100.99').expect(200);
      for (let i = 0; i < 12; i++) await attempt(t, member.email, `stuffed-${i}`, `192.0.2.${150 + i}`);
      await attempt(t, member.email, `late-${1}`, '192.0.2.250').expect(429);
      await attempt(t, member.email, PASSWORD, '198.51.100.99').expect(200);
    });

    it('V2.2.1 blocks an address that fails across many accounts for 15 minutes', async () => {
      const emails = Array.from({ length: 101 }, (_, i) => `nobody-${i}@sprayed.test`);
      const statuses: number[] = [];
      for (const email of emails) statuses.push((await attempt(t, email, 'Winter2025!', '203.0.113.250')).status);
      expect(statuses.slice(0, 100).every((status) => status === 401)).toBe(true);
      expect(statuses[100]).toBe(429);
      const { email } = await t.createUser();
      const refused = await attempt(t, email, PASSWORD, '203.0.113.250').expect(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(14 * 60);
    });

    const changePassword = (token: string, current_password: string, from = '198.51.100.120') =>
      t.http
        .patch('/api/me/password')
        .set(bearer(token))
        .set('X-Forwarded-For', from)
        .send({ current_password, new_password: 'changed-password-1', password_confirmation: 'changed-password-1' });

    it('V2.2.1 throttles wrong current passwords on a password change per account, logging each one checked', async () => {
      const { user, token } = await t.member();
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) statuses.push((await changePassword(token, `guess-${i}`, `198.51.100.${120 + (i % 3)}`)).status);
      expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
      expect(statuses.slice(5)).toEqual(Array(20).fill(429));
      // Counted before the password was checked: even the right one now waits, and nothing changed.
      const refused = await changePassword(token, PASSWORD).expect(429);
      expect(refused.body).toEqual({ errors: [expect.stringMatching(/^Too many failed password attempts\. Try again in \d+ minutes?\.$/)] });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(14 * 60);
      await attempt(t, user.email, PASSWORD).expect(200);
      // The security log lists the five checked, with the account and the address, and one throttle.
      const admin = await t.adminToken();
      const listed = await t.http
        .get('/api/security_events')
        .query({ filter: JSON.stringify({ type: 'password_change_failed', email: user.email }) })
        .set(bearer(admin))
        .expect(200);
      expect(listed.body).toHaveLength(5);
      expect(listed.body[0]).toEqual(expect.objectContaining({ type: 'password_change_failed', user_id: user.id, email: user.email, ip: expect.stringMatching(/^198\.51\.100\.12[0-2]$/) }));
      expect(await eventsOf(t, 'throttled', user.email)).toHaveLength(1);
    });

    it('V2.2.1 a password change with the right current password clears its count, as a login does', async () => {
      const { token } = await t.member();
      for (let i = 0; i < 4; i++) await changePassword(token, `guess-${i}`).expect(422);
      const changed = await changePassword(token, PASSWORD).expect(200);
      for (let i = 0; i < 5; i++) await changePassword(changed.body.token, `again-${i}`).expect(422);
      await changePassword(changed.body.token, 'changed-password-1').expect(429);
    });

    it('deletes counts that have ended and keeps running ones', async () => {
      const throttles = t.dataSource.getRepository(Throttle);
      await throttles.insert([
        { key: 'test:ended', points: 3, expires_at: String(Date.now() - 1000) },
        { key: 'test:running', points: 3, expires_at: String(Date.now() + 60_000) },
      ]);
      expect(await t.app.get(ThrottlesService).prune()).toBeGreaterThanOrEqual(1);
      expect(await throttles.existsBy({ key: 'test:ended' })).toBe(false);
      expect(await throttles.existsBy({ key: 'test:running' })).toBe(true);
    });
  });

  describe('V2.2.1 the throttle holds across instances and restarts', () => {
    it('V2.2.1 two instances share the count: the 6th bad login across both is throttled, and restarting one does not clear it', async () => {
      const a = await TestApp.start();
      let b = await TestApp.startBeside(a);
      try {
        const { email } = await a.createUser();
        for (let i = 0; i < 5; i++) await attempt(i % 2 === 0 ? a : b, email, `guess-${i}`).expect(401);
        expect((await attempt(b, email, PASSWORD).expect(429)).body.errors[0]).toMatch(LOGIN_REFUSED);
        await attempt(a, email, PASSWORD).expect(429);

        await b.close();
        b = await TestApp.startBeside(a);
        const after = await attempt(b, email, PASSWORD).expect(429);
        expect(Number(after.headers['retry-after'])).toBeGreaterThanOrEqual(14 * 60);
        expect(await a.dataSource.getRepository(Throttle).existsBy({ key: Like(`login-pair:${email}|%`) })).toBe(true);
      } finally {
        await b.close();
        await a.close();
      }
    });
  });

  describe('TRUST_PROXY: whose address a throttle counts', () => {
    const register = (t: TestApp, from: string) =>
      t.http.post('/api/register').set('X-Forwarded-For', from).send({ email: 'x@pool.test', password: 'kickoff-season1', name: 'X', invitation_token: 'made-up' });

    it('V2.2.1 with TRUST_PROXY=1, clients behind the proxy are throttled apart, and the log has their address', async () => {
      const t = await TestApp.start({ TRUST_PROXY: '1' });
      try {
        for (let i = 0; i < 20; i++) await register(t, '203.0.113.1').expect(422);
        await register(t, '203.0.113.1').expect(429);
        await register(t, '203.0.113.2').expect(422);
        const { email } = await t.createUser();
        await attempt(t, email, 'wrong', '203.0.113.3').expect(401);
        expect((await eventsOf(t, 'login_failed', email))[0].ip).toBe('203.0.113.3');
      } finally {
        await t.close();
      }
    });

    it('V2.2.1 without TRUST_PROXY, X-Forwarded-For is ignored: a spoofed header cannot dodge the per-address throttle', async () => {
      const t = await TestApp.start();
      try {
        expect(t.config.trustProxy).toBe(false);
        for (let i = 0; i < 20; i++) await register(t, `203.0.113.${i + 1}`).expect(422);
        const refused = await register(t, '198.51.100.1').expect(429);
        expect(refused.body).toEqual({ errors: [expect.stringMatching(/^Too many requests\. Try again in \d+ minutes?\.$/)] });
        const { email } = await t.createUser();
        await attempt(t, email, 'wrong', '203.0.113.3').expect(401);
        expect((await eventsOf(t, 'login_failed', email))[0].ip).not.toBe('203.0.113.3');
      } finally {
        await t.close();
      }
    });
  });

  describe('V11.1.4 anti-automation on registration, password resets and invitations', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await TestApp.start({ TRUST_PROXY: '1' });
    });
    afterAll(() => t.close());

    const expectThrottled = (answer: { status: number; body: { errors?: string[] }; headers: Record<string, string> }) => {
      expect(answer.status).toBe(429);
      expect(answer.body).toEqual({ errors: [expect.stringMatching(/^Too many .+\. Try again in \d+ minutes?\.$/)] });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    };

    it('V11.1.4 registration: 20 attempts an hour per address', async () => {
      const register = () =>
        t.http.post('/api/register').set('X-Forwarded-For', '198.51.100.10').send({ email: 'r@pool.test', password: 'kickoff-season1', name: 'R', invitation_token: 'x' });
      for (let i = 0; i < 20; i++) await register().expect(422);
      expectThrottled(await register());
    });

    it('V11.1.4 reset requests: 5 an hour per e-mail address (known or not alike) and 20 per client address', async () => {
      const known = await t.createUser();
      for (const email of [known.email, 'nobody-here@pool.test']) {
        const request = () => t.http.post('/api/password_resets').set('X-Forwarded-For', `198.51.100.${email === known.email ? 20 : 21}`).send({ email });
        for (let i = 0; i < 5; i++) await request().expect(200);
        expectThrottled(await request());
      }
      const from = (i: number) => t.http.post('/api/password_resets').set('X-Forwarded-For', '198.51.100.22').send({ email: `someone-${i}@pool.test` });
      for (let i = 0; i < 20; i++) await from(i).expect(200);
      expectThrottled(await from(20));
    });

    it('V11.1.4 reset-link look-ups (GET and PATCH): 30 per 15 minutes per address', async () => {
      const look = (i: number) =>
        i % 2 === 0
          ? t.http.get(`/api/password_resets/guess-${i}`).set('X-Forwarded-For', '198.51.100.30')
          : t.http
              .patch(`/api/password_resets/guess-${i}`)
              .set('X-Forwarded-For', '198.51.100.30')
              .send({ password_reset: { password: 'new-secret-pass', password_confirmation: 'new-secret-pass' } });
      for (let i = 0; i < 30; i++) await look(i).expect(404);
      expectThrottled(await look(30));
      expectThrottled(await look(31));
      await t.http.get('/api/password_resets/guess').set('X-Forwarded-For', '198.51.100.31').expect(404);
    });

    it('V11.1.4 reset links count failures only: a member opening a valid link again and again, then using it, is never refused', async () => {
      const member = await t.createUser();
      const { token, hash } = newToken();
      await t.dataSource.getRepository(PasswordReset).insert({ user_id: member.id, token_hash: hash, expires_at: new Date(Date.now() + 3_600_000) });
      const from = '198.51.100.35';
      for (let i = 0; i < 40; i++) await t.http.get(`/api/password_resets/${token}`).set('X-Forwarded-For', from).expect(200);
      await t.http
        .patch(`/api/password_resets/${token}`)
        .set('X-Forwarded-For', from)
        .send({ password_reset: { password: 'new-secret-pass', password_confirmation: 'new-secret-pass' } })
        .expect(200);
      // The spent link is a failure from now on.
      for (let i = 0; i < 30; i++) await t.http.get(`/api/password_resets/${token}`).set('X-Forwarded-For', from).expect(404);
      expectThrottled(await t.http.get(`/api/password_resets/${token}`).set('X-Forwarded-For', from));
    });

    it('V11.1.4 invitation-link checks: 30 per 15 minutes per address', async () => {
      const look = (i: number) => t.http.get(`/api/invitation_tokens/guess-${i}`).set('X-Forwarded-For', '198.51.100.40');
      for (let i = 0; i < 30; i++) await look(i).expect(404);
      expectThrottled(await look(30));
    });

    it('V11.1.4 invitations: a pool of 2,000 in one paste, and 2,500 addresses an hour per admin, a pasted list counting each address', async () => {
      const admin = await t.adminToken();
      const bulk = (emails: string[]) => t.http.post('/api/invitations/bulk').set(bearer(admin)).send({ emails });
      const pool = Array.from({ length: 2000 }, (_, i) => `fan-${i}@big-pool.test`);
      const invited = await bulk(pool).expect(200);
      expect(invited.body.invitations).toHaveLength(2000);
      expect(invited.body.skipped).toEqual([]);
      expect(invited.body.invitations.map((invitation: { email: string }) => invitation.email)).toEqual(pool);
      expect(await t.dataSource.getRepository(Invitation).countBy({ email: Like('%@big-pool.test'), status: 'pending' })).toBe(2000);
      // Each with its e-mail queued and its entry in the security log.
      expect(await t.dataSource.getRepository(NotificationDelivery).countBy({ kind: 'invitation', email: Like('%@big-pool.test') })).toBe(2000);
      expect(await t.dataSource.getRepository(SecurityEvent).countBy({ type: 'invitation_created', email: Like('%@big-pool.test') })).toBe(2000);
      await bulk(Array.from({ length: 500 }, (_, i) => `not an address ${i}`)).expect(200);
      expectThrottled(await t.http.post('/api/invitations').set(bearer(admin)).send({ email: 'one-more@pool.test' }));
      expectThrottled(await bulk(['one-more@pool.test']));
    });
  });

  describe('V11.1.4 an office pool joins from behind one address', () => {
    const OFFICE = '198.51.100.60';
    const ELSEWHERE = '203.0.113.66';
    let smtp: TestSmtpServer;
    let t: TestApp;
    beforeAll(async () => {
      smtp = await TestSmtpServer.start();
      t = await TestApp.start({ TRUST_PROXY: '1', SMTP_URL: smtp.url });
    });
    afterAll(async () => {
      await t.close();
      await smtp.stop();
    });

    const lookUp = (token: string, from: string) => t.http.get(`/api/invitation_tokens/${encodeURIComponent(token)}`).set('X-Forwarded-For', from);
    const register = (email: string, token: string, from: string) =>
      t.http.post('/api/register').set('X-Forwarded-For', from).send({ email, password: 'kickoff-season1', name: 'Colleague', invitation_token: token });
    const tokenFor = async (email: string) =>
      new URL(linkIn(await smtp.waitFor(email, 1, 30_000), 'invitation_token=')).searchParams.get('invitation_token')!;

    /** A colleague opens the link, registers and signs in, all from the office. */
    async function join(email: string): Promise<void> {
      const token = await tokenFor(email);
      expect((await lookUp(token, OFFICE).expect(200)).body).toEqual({ email });
      await register(email, token, OFFICE).expect(201);
      await attempt(t, email, 'kickoff-season1', OFFICE).expect(200);
    }

    it('V11.1.4 60 bulk-invited colleagues join from one address; 200 made-up links from another meet 429; a colleague still joins after', async () => {
      const admin = await t.adminToken();
      const colleagues = Array.from({ length: 61 }, (_, i) => `colleague-${i}@office.test`);
      expect((await t.http.post('/api/invitations/bulk').set(bearer(admin)).send({ emails: colleagues }).expect(200)).body.invitations).toHaveLength(61);

      for (const email of colleagues.slice(0, 60)) await join(email);
      expect(await t.dataSource.getRepository(User).countBy({ email: Like('%@office.test') })).toBe(60);

      // Made-up links from elsewhere count as failures: past the limit that address is refused.
      const lookups: number[] = [];
      const registrations: number[] = [];
      for (let i = 0; i < 200; i++) {
        lookups.push((await lookUp(`made-up-${i}`, ELSEWHERE)).status);
        registrations.push((await register(`guess-${i}@office.test`, `made-up-${i}`, ELSEWHERE)).status);
      }
      expect(lookups.slice(0, 30)).toEqual(Array(30).fill(404));
      expect(lookups.slice(30)).toEqual(Array(170).fill(429));
      expect(registrations.slice(0, 20)).toEqual(Array(20).fill(422));
      expect(registrations.slice(20)).toEqual(Array(180).fill(429));

      await join(colleagues[60]);
      expect(await t.dataSource.getRepository(User).countBy({ email: Like('%@office.test') })).toBe(61);
    });

    it('V11.1.4 used and expired links count as failures at the office too, and a failed registration is not given back', async () => {
      const admin = await t.adminToken();
      await t.http.post('/api/invitations/bulk').set(bearer(admin)).send({ emails: ['late@office2.test'] }).expect(200);
      const token = await tokenFor('late@office2.test');
      await t.dataSource.getRepository(Invitation).update({ email: 'late@office2.test' }, { expires_at: new Date(Date.now() - 1000) });
      for (let i = 0; i < 30; i++) await lookUp(token, '198.51.100.61').expect(410);
      await lookUp(token, '198.51.100.61').expect(429);
      for (let i = 0; i < 20; i++) await register('late@office2.test', token, '198.51.100.61').expect(422);
      await register('late@office2.test', token, '198.51.100.61').expect(429);
    });
  });
});
