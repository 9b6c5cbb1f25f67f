import * as bcrypt from 'bcrypt';
import { SecurityEvent } from '../../src/security/entities/security-event.entity';
import { User } from '../../src/users/entities/user.entity';
import { UsersService } from '../../src/users/users.service';
import { linkIn, TestSmtpServer } from '../support/smtp';
import { bearer, PASSWORD, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

/** bcrypt's module object itself (the app's `import * as bcrypt` reads its functions from it at each call). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const bcryptModule = require('bcrypt') as typeof bcrypt;

const SAME_RESET_ANSWER = { message: 'If an account exists for that e-mail address, a link to reset the password has been sent to it.' };

/**
 * No way to learn anonymously which e-mail addresses have accounts. ASVS 4.0 has no item of its own for this (it was
 * 3.0.1's V2.18 and is 5.0's V6.3.8); the throttles (V2.2.1) limit what an attacker could learn per hour besides.
 */
describe('No account enumeration (ASVS 5.0 V6.3.8, ASVS 3.0.1 V2.18)', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    t = await TestApp.start({ SMTP_URL: smtp.url, BCRYPT_ROUNDS: '5' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });
  afterEach(() => jest.restoreAllMocks());

  const register = (email: string, invitation_token: string) =>
    t.http.post('/api/register').send({ email, password: 'kickoff-season1', name: 'Someone', invitation_token });

  it('V6.3.8 registration checks the invitation first: an e-mail with an account answers exactly as an invalid link', async () => {
    const admin = await t.adminToken();
    await t.http.post('/api/invitations').set(bearer(admin)).send({ email: 'joined-meanwhile@pool.test' }).expect(201);
    const token = new URL(linkIn(await smtp.waitFor('joined-meanwhile@pool.test'), 'invitation_token=')).searchParams.get('invitation_token')!;
    // The address got an account after it was invited (the first admin's address, a second link …).
    await t.createUser({ email: 'joined-meanwhile@pool.test' });
    const existing = await register('joined-meanwhile@pool.test', token);
    const madeUp = await register('nobody-at-all@pool.test', 'made-up-link');
    expect(existing.status).toBe(422);
    expect(existing.body).toEqual({ errors: ['This invitation link is not valid'] });
    expect({ status: madeUp.status, body: madeUp.body }).toEqual({ status: existing.status, body: existing.body });
    expect(JSON.stringify(existing.body)).not.toMatch(/exist|account|log in/i);

    // Without a valid link, an e-mail with an account answers like any other.
    const member = await t.createUser();
    const known = await register(member.email, 'made-up-link');
    expect({ status: known.status, body: known.body }).toEqual({ status: madeUp.status, body: madeUp.body });
    expect(await t.dataSource.getRepository(User).countBy({ email: 'joined-meanwhile@pool.test' })).toBe(1);
  });

  it('V6.3.8 login: an unknown e-mail answers as a wrong password does and costs a bcrypt hash at BCRYPT_ROUNDS', async () => {
    const member = await t.createUser();
    const compared: string[] = [];
    const compare = bcryptModule.compare.bind(bcryptModule) as (data: string, hash: string) => Promise<boolean>;
    jest.spyOn(bcryptModule, 'compare').mockImplementation(((data: string, hash: string) => {
      compared.push(hash);
      return compare(data, hash);
    }) as never);

    const unknown = await t.http.post('/api/users/login').send({ email: 'no-such-member@pool.test', password: PASSWORD });
    const wrong = await t.http.post('/api/users/login').send({ email: member.email, password: 'not-the-password' });
    expect(unknown.status).toBe(401);
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: unknown.status, body: unknown.body });
    expect(unknown.body).toEqual({ errors: ['Invalid email or password'] });
    expect(compared).toHaveLength(2);
    // The stand-in hash for the unknown e-mail has the configured cost (5 here), not a cheaper fixed one.
    expect(bcrypt.getRounds(compared[0])).toBe(t.config.bcryptRounds);
    expect(t.config.bcryptRounds).toBe(5);
  });

  it('V6.3.8 reset requests: the same answer, which does not wait for the look-up or the e-mail', async () => {
    const member = await t.createUser({ email: 'forgot-again@pool.test' });
    const users = t.app.get(UsersService);
    const findByEmail = users.findByEmail.bind(users);
    // A look-up that takes 3 s: an answer that waited for it (or for what follows it) would take longer.
    jest.spyOn(users, 'findByEmail').mockImplementation(async (email) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      return findByEmail(email);
    });
    const timed = async (email: string) => {
      const started = Date.now();
      const answer = await t.http.post('/api/password_resets').send({ email });
      return { status: answer.status, body: answer.body as unknown, ms: Date.now() - started };
    };
    const [known, unknown] = await Promise.all([timed(member.email), timed('never-joined@pool.test')]);
    expect(known).toEqual(expect.objectContaining({ status: 200, body: SAME_RESET_ANSWER }));
    expect(unknown).toEqual(expect.objectContaining({ status: 200, body: SAME_RESET_ANSWER }));
    expect(known.ms).toBeLessThan(2000);
    expect(unknown.ms).toBeLessThan(2000);

    // The work still happens after the answer: the link goes to the member, nothing to the unknown address, and both
    // requests are in the security log.
    expect(linkIn(await smtp.waitFor(member.email, 1, 10_000), '/reset-password/')).toMatch(/^http:\/\/pool\.test\/reset-password\//);
    expect(smtp.to('never-joined@pool.test')).toHaveLength(0);
    const events = t.dataSource.getRepository(SecurityEvent);
    expect(await events.findOneByOrFail({ type: 'password_reset_requested', email: member.email })).toEqual(expect.objectContaining({ user_id: member.id }));
    expect(await events.findOneByOrFail({ type: 'password_reset_requested', email: 'never-joined@pool.test' })).toEqual(expect.objectContaining({ user_id: null }));
  });

  it('V7.1.3 the account flows leave a trace: login, login_failed, password_reset_requested, password_reset (never the password or the link)', async () => {
    const member = await t.createUser({ email: 'traced@pool.test' });
    await t.http.post('/api/users/login').send({ email: member.email, password: 'not-it' }).expect(401);
    await t.http.post('/api/users/login').send({ email: member.email, password: PASSWORD }).expect(200);
    await t.http.post('/api/password_resets').send({ email: member.email }).expect(200);
    const token = new URL(linkIn(await smtp.waitFor(member.email), '/reset-password/')).pathname.split('/').pop()!;
    await t.http.patch(`/api/password_resets/${token}`).send({ password_reset: { password: 'fresh-secret', password_confirmation: 'fresh-secret' } }).expect(200);

    const events = await t.dataSource.getRepository(SecurityEvent).find({ where: { user_id: member.id }, order: { id: 'ASC' } });
    expect(events.map((event) => event.type)).toEqual(['login_failed', 'login', 'password_reset_requested', 'password_reset']);
    for (const event of events) {
      expect(event.ip).toEqual(expect.any(String));
      expect(event.created_at).toBeInstanceOf(Date);
    }
    const written = JSON.stringify(events);
    for (const secret of [PASSWORD, 'not-it', 'fresh-secret', token]) expect(written).not.toContain(secret);
  });
});
