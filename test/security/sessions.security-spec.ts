import { JwtService } from '@nestjs/jwt';
import { In } from 'typeorm';
import { Session } from '../../src/auth/entities/session.entity';
import { CACHE_BOUND_MS } from '../../src/database/cached-reads';
import { SecurityEvent } from '../../src/security/entities/security-event.entity';
import { hoursFromNow } from '../support/factories';
import { settledDeliveries } from '../support/outbox';
import { linkIn, TestSmtpServer } from '../support/smtp';
import { bearer, PASSWORD, TestApp } from '../support/test-app';

/** docs/security.md, V2 and V3: sessions that end on the server, and what a change of password or e-mail sets off. */
describe('Sessions that end', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    t = await TestApp.start({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const me = (token: string, app = t) => app.http.get('/api/me').set(bearer(token));
  const sidOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;
  const eventsOf = (userId: number) => t.dataSource.getRepository(SecurityEvent).find({ where: { user_id: userId }, order: { id: 'ASC' } });
  const changePassword = (token: string, new_password: string, current_password = PASSWORD) =>
    t.http.patch('/api/me/password').set(bearer(token)).send({ current_password, new_password, password_confirmation: new_password });

  /** A reset link for the user, as the e-mail carries it (its token). */
  async function resetLink(email: string): Promise<string> {
    const before = smtp.to(email).length;
    await t.http.post('/api/password_resets').send({ email }).expect(200);
    return new URL(linkIn(await smtp.waitFor(email, before + 1), '/reset-password/')).pathname.split('/').pop()!;
  }

  describe('V3.2.1 a new session token on every authentication', () => {
    it('V3.2.1 each login starts its own server-side session, named by the token', async () => {
      const user = await t.createUser();
      const first = await t.login(user.email, PASSWORD);
      const second = await t.login(user.email, PASSWORD);
      expect(sidOf(first)).not.toBe(sidOf(second));
      const rows = await t.dataSource.getRepository(Session).findBy({ user_id: user.id });
      expect(rows.map((row) => row.public_id).sort()).toEqual([sidOf(first), sidOf(second)].sort());
      expect(rows.every((row) => row.revoked_at === null && row.expires_at.getTime() > Date.now())).toBe(true);
    });
  });

  describe('V3.3.1 logout and expiry invalidate the session token', () => {
    it('V3.3.1 a logged-out token answers 401, the member\'s other sessions keep working, and the logout is logged', async () => {
      const { user, token } = await t.member();
      const other = await t.login(user.email, PASSWORD);
      await me(token).expect(200);
      await t.http.post('/api/logout').set(bearer(token)).expect(204);
      expect((await me(token).expect(401)).body).toEqual({ errors: ['Your session is invalid or has expired'] });
      await t.http.post('/api/logout').set(bearer(token)).expect(401);
      await me(other).expect(200);
      const row = await t.dataSource.getRepository(Session).findOneByOrFail({ public_id: sidOf(token) });
      expect(row.revoked_at).toBeInstanceOf(Date);
      expect((await eventsOf(user.id)).map((event) => event.type)).toContain('logout');
    });

    it('V3.3.1 a session past its expiry answers 401 even while its token has time left', async () => {
      const { token } = await t.member();
      await me(token).expect(200);
      await t.dataSource.getRepository(Session).update({ public_id: sidOf(token) }, { expires_at: hoursFromNow(-1) });
      await me(token).expect(401);
    });

    it('V3.3.1 a token without a session (signed before sessions, or naming none) answers 401', async () => {
      const user = await t.createUser();
      const jwt = new JwtService({ secret: t.config.jwtSecret });
      await me(await jwt.signAsync({ sub: user.id, tv: 0 }, { expiresIn: 600 })).expect(401);
      await me(await jwt.signAsync({ sub: user.id, tv: 0, sid: 'no-such-session' }, { expiresIn: 600 })).expect(401);
    });

    it("V3.3.1 a token naming another member's session is refused", async () => {
      const { token } = await t.member();
      const intruder = await t.createUser();
      const jwt = new JwtService({ secret: t.config.jwtSecret });
      await me(await jwt.signAsync({ sub: intruder.id, tv: 0, sid: sidOf(token) }, { expiresIn: 600 })).expect(401);
    });

    it('V3.3.1 a logout through one instance ends the token on another within the documented bound (CACHE_BOUND_MS)', async () => {
      const beside = await TestApp.startBeside(t);
      try {
        const { token } = await t.member();
        // Both instances have the session in their cached reads.
        await me(token, beside).expect(200);
        await me(token).expect(200);
        await t.http.post('/api/logout').set(bearer(token)).expect(204);
        const loggedOut = Date.now();
        await me(token).expect(401);
        let seenAfter = Infinity;
        while (Date.now() - loggedOut < CACHE_BOUND_MS + 1000) {
          if ((await me(token, beside)).status === 401) {
            seenAfter = Date.now() - loggedOut;
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        // The bound plus the time one request takes on this shared machine.
        expect(seenAfter).toBeLessThanOrEqual(CACHE_BOUND_MS + 250);
        await me(token, beside).expect(401);
      } finally {
        await beside.close();
      }
    });
  });

  describe('V3.3.3 a password change ends every other session', () => {
    it('V3.3.3 changing the password ends the other sessions, the one that asked goes on with its fresh token', async () => {
      const { user, token: current } = await t.member();
      const elsewhere = await t.login(user.email, PASSWORD);
      const answer = await changePassword(current, 'a-new-secret').expect(200);
      await me(elsewhere).expect(401);
      await me(answer.body.token).expect(200);
      expect(sidOf(answer.body.token)).toBe(sidOf(current));
      const listed = await t.http.get('/api/me/sessions').set(bearer(answer.body.token)).expect(200);
      expect(listed.body.map((session: { id: string }) => session.id)).toEqual([sidOf(current)]);
    });

    it('V3.3.3 a reset through an e-mailed link ends every session', async () => {
      const { user, token } = await t.member();
      const link = await resetLink(user.email);
      await t.http.patch(`/api/password_resets/${link}`).send({ password_reset: { password: 'reset-secret', password_confirmation: 'reset-secret' } }).expect(200);
      await me(token).expect(401);
      const live = await t.dataSource.getRepository(Session).findBy({ user_id: user.id });
      expect(live.filter((row) => row.revoked_at === null)).toEqual([]);
    });

    it('V3.3.3 a password changed through one instance ends the other sessions on another within CACHE_BOUND_MS', async () => {
      const beside = await TestApp.startBeside(t);
      try {
        const { user, token } = await t.member();
        const elsewhere = await beside.login(user.email, PASSWORD);
        await me(elsewhere, beside).expect(200);
        await changePassword(token, 'moved-on-secret').expect(200);
        await new Promise((resolve) => setTimeout(resolve, CACHE_BOUND_MS + 50));
        await me(elsewhere, beside).expect(401);
      } finally {
        await beside.close();
      }
    });
  });

  describe('V3.3.4 members see their active sessions and log out of any or all', () => {
    it('V3.3.4 GET /api/me/sessions lists the live sessions with this one marked; ended ones are left out', async () => {
      const user = await t.createUser();
      const phone = (await t.http.post('/api/users/login').set('User-Agent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1').send({ email: user.email, password: PASSWORD }).expect(200)).body.token as string;
      const desktop = (await t.http.post('/api/users/login').set('User-Agent', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0').send({ email: user.email, password: PASSWORD }).expect(200)).body.token as string;
      const gone = await t.login(user.email, PASSWORD);
      await t.http.post('/api/logout').set(bearer(gone)).expect(204);

      const answer = await t.http.get('/api/me/sessions').set(bearer(desktop)).expect(200);
      const byId = new Map(answer.body.map((session: { id: string }) => [session.id, session]));
      expect([...byId.keys()].sort()).toEqual([sidOf(phone), sidOf(desktop)].sort());
      expect(byId.get(sidOf(desktop))).toEqual({
        id: sidOf(desktop),
        created_at: expect.any(String),
        last_seen_at: expect.any(String),
        ip: expect.any(String),
        user_agent: 'Firefox on Windows',
        current: true,
      });
      expect(byId.get(sidOf(phone))).toEqual(expect.objectContaining({ user_agent: 'Safari on iOS', current: false }));
    });

    it('V3.3.4 a member ends one of their other sessions; that token answers 401, theirs goes on', async () => {
      const { user, token } = await t.member();
      const other = await t.login(user.email, PASSWORD);
      await t.http.delete(`/api/me/sessions/${sidOf(other)}`).set(bearer(token)).expect(204);
      await me(other).expect(401);
      await me(token).expect(200);
      expect((await t.http.delete(`/api/me/sessions/${sidOf(other)}`).set(bearer(token)).expect(404)).body).toEqual({ errors: ['Session not found'] });
    });

    it("V3.3.4 ending another member's session answers 404 and leaves it working", async () => {
      const victim = await t.member();
      const { token } = await t.member();
      const admin = await t.adminToken();
      const answer = await t.http.delete(`/api/me/sessions/${sidOf(victim.token)}`).set(bearer(token)).expect(404);
      expect(answer.body).toEqual({ errors: ['Session not found'] });
      await t.http.delete(`/api/me/sessions/${sidOf(victim.token)}`).set(bearer(admin)).expect(404);
      await me(victim.token).expect(200);
      const listed = await t.http.get('/api/me/sessions').set(bearer(token)).expect(200);
      expect(listed.body.map((session: { id: string }) => session.id)).not.toContain(sidOf(victim.token));
    });

    it('V3.3.4 log out everywhere ends every token of the member, the asking one too, and no one else\'s', async () => {
      const { user, token } = await t.member();
      const others = await Promise.all([t.login(user.email, PASSWORD), t.login(user.email, PASSWORD)]);
      const bystander = await t.member();
      await t.http.post('/api/logout_everywhere').set(bearer(token)).expect(204);
      for (const one of [token, ...others]) await me(one).expect(401);
      await me(bystander.token).expect(200);
      const fresh = await t.login(user.email, PASSWORD);
      await me(fresh).expect(200);
      expect((await eventsOf(user.id)).map((event) => event.type)).toContain('logout_everywhere');
    });
  });

  describe('V2.2.3 the member is told when their password or e-mail address changes', () => {
    it('V2.2.3 a password change e-mails the member and voids the reset links sent before it', async () => {
      const { user, token } = await t.member();
      const link = await resetLink(user.email);
      const before = smtp.to(user.email).length;
      await changePassword(token, 'changed-secret').expect(200);

      const mail = await smtp.waitFor(user.email, before + 1);
      expect(mail.subject).toMatch(/^Your password was changed/);
      expect(mail.text).toContain(user.email);
      expect(mail.text).not.toMatch(/reset-password\//);
      expect((await t.http.get(`/api/password_resets/${link}`).expect(404)).body).toEqual({ errors: ['Invalid or expired reset token.'] });
      await t.http.patch(`/api/password_resets/${link}`).send({ password_reset: { password: 'hijacked-password1', password_confirmation: 'hijacked-password1' } }).expect(404);
      await t.login(user.email, 'changed-secret');
      const logged = (await eventsOf(user.id)).find((event) => event.type === 'password_changed');
      expect(logged).toEqual(expect.objectContaining({ user_id: user.id, email: user.email }));
      expect(logged!.details).not.toMatch(/changed-secret/);
    });

    it('V2.2.3 a reset e-mails the member that the password was changed', async () => {
      const user = await t.createUser();
      const link = await resetLink(user.email);
      const before = smtp.to(user.email).length;
      await t.http.patch(`/api/password_resets/${link}`).send({ password_reset: { password: 'after-reset-pass', password_confirmation: 'after-reset-pass' } }).expect(200);
      expect((await smtp.waitFor(user.email, before + 1)).subject).toMatch(/^Your password was changed/);
    });

    it('V2.2.3 an admin changing a member\'s e-mail address tells the old and the new address and voids reset links', async () => {
      const user = await t.createUser();
      const admin = await t.adminToken();
      const link = await resetLink(user.email);
      const oldAddress = user.email;
      const newAddress = `moved-${user.id}@pool.test`;
      const before = smtp.to(oldAddress).length;
      await t.http.patch(`/api/users/${user.id}`).set(bearer(admin)).send({ email: newAddress }).expect(200);

      const toOld = await smtp.waitFor(oldAddress, before + 1);
      const toNew = await smtp.waitFor(newAddress);
      for (const mail of [toOld, toNew]) {
        expect(mail.subject).toMatch(/^Your e-mail address was changed/);
        expect(mail.text).toContain(oldAddress);
        expect(mail.text).toContain(newAddress);
      }
      await t.http.get(`/api/password_resets/${link}`).expect(404);
      const events = await eventsOf(user.id);
      expect(events.find((event) => event.type === 'email_changed')).toEqual(expect.objectContaining({ email: newAddress, actor_id: expect.any(Number) }));
    });

    it('V2.2.3 an edit that refuses the new address changes nothing and sends nothing', async () => {
      const user = await t.createUser();
      const taken = await t.createUser();
      const admin = await t.adminToken();
      await t.http.patch(`/api/users/${user.id}`).set(bearer(admin)).send({ email: taken.email }).expect(422);
      await t.http.patch(`/api/users/${user.id}`).set(bearer(admin)).send({ name: 'Same Address' }).expect(200);
      const deliveries = await settledDeliveries(t, { user_id: user.id });
      expect(deliveries).toEqual([]);
      expect((await eventsOf(user.id)).filter((event) => event.type === 'email_changed')).toEqual([]);
    });
  });

  it('notes when a session was last used, at most every few minutes, without holding the request', async () => {
    const { token } = await t.member();
    const sessions = t.dataSource.getRepository(Session);
    const lastSeen = async () => (await sessions.findOneByOrFail({ public_id: sidOf(token) })).last_seen_at.getTime();
    const startedAt = await lastSeen();
    await me(token).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await lastSeen()).toBe(startedAt);

    const tenMinutesAgo = new Date(Math.floor(Date.now() / 1000) * 1000 - 10 * 60 * 1000);
    await sessions.update({ public_id: sidOf(token) }, { last_seen_at: tenMinutesAgo });
    await me(token).expect(200);
    const deadline = Date.now() + 3000;
    while ((await lastSeen()) === tenMinutesAgo.getTime() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await lastSeen()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps no revoked or expired session rows of a member past their next login', async () => {
    const user = await t.createUser();
    const ended = await t.login(user.email, PASSWORD);
    await t.http.post('/api/logout').set(bearer(ended)).expect(204);
    const live = await t.login(user.email, PASSWORD);
    const rows = await t.dataSource.getRepository(Session).findBy({ user_id: user.id, public_id: In([sidOf(ended), sidOf(live)]) });
    expect(rows.map((row) => row.public_id)).toEqual([sidOf(live)]);
  });
});
