import * as bcrypt from 'bcrypt';
import { PasswordReset } from '../../src/auth/entities/password-reset.entity';
import { passwordTooCommon, passwordTooLong, passwordTooShort } from '../../src/common/passwords/password-policy';
import { newToken } from '../../src/common/tokens';
import { Invitation } from '../../src/invitations/entities/invitation.entity';
import { User } from '../../src/users/entities/user.entity';
import { hoursFromNow } from '../support/factories';
import { bearer, PASSWORD, TestApp } from '../support/test-app';

const ELEVEN = 'kettle-drum';
const TWELVE = 'kettle-drum7';
const MAX = 'q7'.repeat(64); // 128 characters, 128 bytes: past bcrypt's 72
const TOO_LONG = MAX + 'z';
const COMMON = 'password1234';

/** The rule for new passwords, route by route: [password, status, first error or null]. */
const CASES: [string, string, number, string | null][] = [
  ['11 characters are refused', ELEVEN, 422, passwordTooShort],
  ['a common password is refused (any letter case)', 'PASSWORD1234', 422, passwordTooCommon],
  ['a common password is refused', COMMON, 422, passwordTooCommon],
  ['129 characters are refused', TOO_LONG, 422, passwordTooLong],
  ['12 characters are accepted', TWELVE, 200, null],
];

/** docs/security.md, V2.1: what a new password must be, on every route that sets one; logins never apply it. */
describe('New passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  const firstError = (body: { errors?: string[] }) => body.errors?.[0] ?? null;

  async function invitation(email: string): Promise<string> {
    const { token, hash } = newToken();
    await t.dataSource.getRepository(Invitation).save({ email, token_hash: hash, status: 'pending', expires_at: hoursFromNow(48) });
    return token;
  }

  async function resetToken(user: User): Promise<string> {
    const { token, hash } = newToken();
    await t.dataSource.getRepository(PasswordReset).save({ user_id: user.id, token_hash: hash, expires_at: hoursFromNow(2), used_at: null });
    return token;
  }

  describe.each(CASES)('V2.1.1 / V2.1.7 %s', (_case, password, status, error) => {
    it(`V2.1.1 / V2.1.7 registration: ${status}`, async () => {
      const email = `new-${Math.random().toString(36).slice(2)}@pool.test`;
      const answer = await t.http.post('/api/register').send({ email, password, name: 'New Fan', invitation_token: await invitation(email) });
      expect(answer.status).toBe(status === 200 ? 201 : status);
      expect(firstError(answer.body)).toBe(error);
      expect(await t.dataSource.getRepository(User).existsBy({ email })).toBe(status === 200);
      if (status === 200) await t.login(email, password);
    });

    it(`V2.1.1 / V2.1.7 a reset link: ${status}, and a refused one keeps the link usable`, async () => {
      const user = await t.createUser();
      const token = await resetToken(user);
      const answer = await t.http.patch(`/api/password_resets/${token}`).send({ password_reset: { password, password_confirmation: password } });
      expect(answer.status).toBe(status);
      expect(firstError(answer.body)).toBe(error);
      if (status === 200) await t.login(user.email, password);
      else {
        await t.http.get(`/api/password_resets/${token}`).expect(200);
        await t.login(user.email, PASSWORD);
      }
    });

    it(`V2.1.1 / V2.1.7 a change from the profile: ${status}`, async () => {
      const { user, token } = await t.member();
      const answer = await t.http.patch('/api/me/password').set(bearer(token)).send({ current_password: PASSWORD, new_password: password, password_confirmation: password });
      expect(answer.status).toBe(status);
      expect(firstError(answer.body)).toBe(error);
      await t.login(user.email, status === 200 ? password : PASSWORD);
    });
  });

  it('V2.1.1 an account whose password was set under the older 6-character rule still signs in', async () => {
    const user = await t.createUser({ password: 'kick06' });
    const stored = await t.dataSource.getRepository(User).findOneByOrFail({ id: user.id });
    await expect(bcrypt.compare('kick06', stored.password_hash)).resolves.toBe(true);
    await t.login(user.email, 'kick06');
  });

  it('V2.1.2 / V2.1.3 128 characters are accepted and never cut: every character past bcrypt\'s 72 bytes counts', async () => {
    const { user, token } = await t.member();
    await t.http.patch('/api/me/password').set(bearer(token)).send({ current_password: PASSWORD, new_password: MAX, password_confirmation: MAX }).expect(200);
    await t.login(user.email, MAX);
    await t.http.post('/api/users/login').send({ email: user.email, password: MAX.slice(0, 127) + 'x' }).expect(401);
    await t.http.post('/api/users/login').send({ email: user.email, password: MAX.slice(0, 72) }).expect(401);
  });

  it('V2.1.3 / V2.1.4 multibyte characters count as characters: 12 emoji (48 bytes) and 100 accented letters (200 bytes) work in full', async () => {
    for (const password of ['🏈'.repeat(12), 'é'.repeat(100)]) {
      const { user, token } = await t.member();
      await t.http.patch('/api/me/password').set(bearer(token)).send({ current_password: PASSWORD, new_password: password, password_confirmation: password }).expect(200);
      await t.login(user.email, password);
      await t.http.post('/api/users/login').send({ email: user.email, password: password.slice(0, -1) }).expect(401);
    }
  });
});

describe('The first admin from ADMIN_PASSWORD', () => {
  it('V2.1.7 a common ADMIN_PASSWORD stops the start of an app that would create the admin with it', async () => {
    await expect(TestApp.start({ ADMIN_PASSWORD: COMMON })).rejects.toThrow(`ADMIN_PASSWORD cannot be the first admin's password: ${passwordTooCommon}`);
  });
});
