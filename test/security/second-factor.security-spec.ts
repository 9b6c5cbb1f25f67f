import { RecoveryCode } from '../../src/auth/second-factor/entities/recovery-code.entity';
import { TotpFactor } from '../../src/auth/second-factor/entities/totp-factor.entity';
import { advanceClock, codeAt, enrolTotp } from '../support/second-factor';
import { bearer, PASSWORD, TestApp } from '../support/test-app';

/** The admins' second factor (docs/security.md, V2 and V4), under ADMIN_SECOND_FACTOR=required. */
describe('Admin second factor', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start({ ADMIN_SECOND_FACTOR: 'required' });
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const password = (email: string) => t.http.post('/api/users/login').send({ email, password: PASSWORD }).expect(200);
  const secondStep = (challenge: string, code: string) => t.http.post('/api/users/login/second_factor').send({ challenge, code });

  async function enrolledAdmin() {
    const admin = await t.createUser({ role: 'admin' });
    const { secret, recoveryCodes } = await enrolTotp(t, (await password(admin.email)).body.token);
    advanceClock(t, 30);
    return { admin, secret, recoveryCodes };
  }

  it('V4.3.1 an admin without a second factor can do nothing but set one up; with one, a password alone gives no session', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const first = (await password(admin.email)).body;
    expect(first.user.second_factor_enrolment_required).toBe(true);
    const refused = await t.http.get('/api/security_events').set(bearer(first.token)).expect(403);
    expect(refused.body.second_factor_enrolment_required).toBe(true);
    const { secret } = await enrolTotp(t, first.token);
    advanceClock(t, 30);
    const step = (await password(admin.email)).body;
    expect(step).toEqual({ second_factor_required: true, challenge: expect.any(String), methods: ['totp', 'recovery_code'] });
    // The challenge is no session token.
    await t.http.get('/api/me').set(bearer(step.challenge)).expect(401);
    await secondStep(step.challenge, await codeAt(t, secret)).expect(200);
  });

  it('V2.8.1 / V2.8.4 an authenticator code is good one 30-second step either side of now, and only once', async () => {
    const { admin, secret } = await enrolledAdmin();
    // One more step, so the step before now is not the one the set-up used (that one is spent).
    advanceClock(t, 30);
    const challenge = (await password(admin.email)).body.challenge as string;
    await secondStep(challenge, await codeAt(t, secret, 60)).expect(401);
    await secondStep(challenge, await codeAt(t, secret, -60)).expect(401);
    const code = await codeAt(t, secret, -30);
    await secondStep(challenge, code).expect(200);
    await secondStep((await password(admin.email)).body.challenge, code).expect(401);
  });

  it('V2.8.3 / V2.8.6 the seed is random and stored encrypted; another admin revokes it for a lost device', async () => {
    const { admin, secret } = await enrolledAdmin();
    const { secret: other } = await enrolledAdmin();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(other).not.toBe(secret);
    const row = await t.dataSource.getRepository(TotpFactor).findOneByOrFail({ user_id: admin.id });
    expect(row.secret_encrypted).toMatch(/^v1\./);
    expect(row.secret_encrypted).not.toContain(secret);

    const { token } = await t.member();
    await t.http.delete(`/api/users/${admin.id}/second_factor`).set(bearer(token)).expect(403);
    const resetter = await t.createUser({ role: 'admin' });
    const { secret: resetterSecret } = await enrolTotp(t, (await password(resetter.email)).body.token);
    advanceClock(t, 30);
    const resetterToken = (await secondStep((await password(resetter.email)).body.challenge, await codeAt(t, resetterSecret)).expect(200)).body.token;
    await t.http.delete(`/api/users/${admin.id}/second_factor`).set(bearer(resetterToken)).expect(204);
    expect(await t.dataSource.getRepository(TotpFactor).countBy({ user_id: admin.id })).toBe(0);
  });

  it('V2.6.1 / V2.6.2 / V2.6.3 recovery codes are random, stored salted and hashed, and work once', async () => {
    const { admin, recoveryCodes } = await enrolledAdmin();
    const stored = await t.dataSource.getRepository(RecoveryCode).findBy({ user_id: admin.id });
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.code_hash).toMatch(/^[\w-]{22}\$[0-9a-f]{64}$/);
      expect(recoveryCodes.some((code) => row.code_hash.includes(code.replace(/-/g, '')))).toBe(false);
    }
    await secondStep((await password(admin.email)).body.challenge, recoveryCodes[5]).expect(200);
    await secondStep((await password(admin.email)).body.challenge, recoveryCodes[5]).expect(401);
  });
});
