import { PasswordReset } from '../../src/auth/entities/password-reset.entity';
import { settledDeliveries } from '../support/outbox';
import { linkIn, TestSmtpServer } from '../support/smtp';
import { bearer, PASSWORD, TestApp } from '../support/test-app';

const SAME_ANSWER = 'If an account exists for that e-mail address, a link to reset the password has been sent to it.';

describe('Password reset by e-mail', () => {
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

  const request = (email: string) => t.http.post('/api/password_resets').send({ email });
  const tokenFrom = (link: string) => new URL(link).pathname.split('/').pop()!;
  const reset = (token: string, password: string, password_confirmation = password) =>
    t.http.patch(`/api/password_resets/${token}`).send({ password_reset: { password, password_confirmation } });

  async function resetToken(email: string, count = 1): Promise<string> {
    await request(email).expect(200);
    const link = linkIn(await smtp.waitFor(email, count), '/reset-password/');
    expect(link.startsWith('http://pool.test/reset-password/')).toBe(true);
    return tokenFrom(link);
  }

  it('follows the e-mailed link: shows the e-mail, sets the password, ends old sessions, works once', async () => {
    const { user, token: session } = await t.member({ email: 'forgetful@pool.test' });
    const token = await resetToken('Forgetful@Pool.test');

    expect((await t.http.get(`/api/password_resets/${token}`).expect(200)).body).toEqual({ email: 'forgetful@pool.test' });
    const done = await reset(token, 'brand-new-password').expect(200);
    expect(done.body.message).toMatch(/password has been reset/);

    await t.login(user.email, 'brand-new-password');
    await t.http.post('/api/users/login').send({ email: user.email, password: PASSWORD }).expect(401);
    await t.http.get('/api/me').set(bearer(session)).expect(401);

    expect((await t.http.get(`/api/password_resets/${token}`).expect(404)).body).toEqual({ errors: ['Invalid or expired reset token.'] });
    await reset(token, 'again-new-password').expect(404);
    await t.login(user.email, 'brand-new-password');
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    // The e-mails of the tests before (a reset tells the member the password changed) have gone out.
    await settledDeliveries(t);
    const before = smtp.messages.length;
    expect((await request('ghost@pool.test').expect(200)).body).toEqual({ message: SAME_ANSWER });
    await t.member({ email: 'real@pool.test' });
    expect((await request('real@pool.test').expect(200)).body).toEqual({ message: SAME_ANSWER });
    await smtp.waitFor('real@pool.test');
    expect(smtp.to('ghost@pool.test')).toHaveLength(0);
    expect(smtp.messages.length).toBe(before + 1);
    expect((await request('not-an-email').expect(422)).body.errors[0]).toBe('email must be an email');
  });

  it('stores only a hash of the token, and the link expires after 2 hours', async () => {
    const { user } = await t.member({ email: 'slow@pool.test' });
    const token = await resetToken('slow@pool.test');
    expect(await t.dataSource.getRepository(PasswordReset).existsBy({ token_hash: token })).toBe(false);
    const row = await t.dataSource.getRepository(PasswordReset).findOneByOrFail({ user_id: user.id });
    expect(row.expires_at.getTime()).toBeGreaterThan(Date.now() + 119 * 60_000);
    expect(row.expires_at.getTime()).toBeLessThanOrEqual(Date.now() + 120 * 60_000);

    await t.dataSource.getRepository(PasswordReset).update(row.id, { expires_at: new Date(Date.now() - 1000) });
    await t.http.get(`/api/password_resets/${token}`).expect(404);
    await reset(token, 'too-late-password').expect(404);
  });

  it('a successful reset voids the other outstanding links', async () => {
    await t.member({ email: 'twice@pool.test' });
    const first = await resetToken('twice@pool.test', 1);
    const second = await resetToken('twice@pool.test', 2);
    await reset(second, 'second-password').expect(200);
    await reset(first, 'first-password').expect(404);
    await t.login('twice@pool.test', 'second-password');
  });

  it('checks the new password and keeps the link usable after a refusal', async () => {
    await t.member({ email: 'typo@pool.test' });
    const token = await resetToken('typo@pool.test');
    expect((await reset(token, 'abcdef-ghijkl', 'abcdef-ghijkm').expect(422)).body.errors[0]).toBe('Passwords do not match.');
    expect((await reset(token, 'abc').expect(422)).body.errors[0]).toBe('Password must be at least 12 characters long.');
    expect((await t.http.patch(`/api/password_resets/${token}`).send({ password: 'flat-body' }).expect(422)).body.errors[0]).toBe(
      'password_reset is required',
    );
    await reset(token, 'finally-ok-password').expect(200);
  });

  it('takes at most five reset requests an hour for one address: the sixth answers 429 and sends nothing', async () => {
    await t.member({ email: 'spammed@pool.test' });
    for (let i = 0; i < 5; i++) expect((await request('spammed@pool.test').expect(200)).body).toEqual({ message: SAME_ANSWER });
    const refused = await request('Spammed@Pool.test').expect(429);
    expect(refused.body).toEqual({ errors: [expect.stringMatching(/^Too many password reset requests\. Try again in \d+ minutes?\.$/)] });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await smtp.waitFor('spammed@pool.test', 5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.to('spammed@pool.test')).toHaveLength(5);
  });
});
