import { SecurityEvent } from '../../src/security/entities/security-event.entity';
import { RecoveryCode } from '../../src/auth/second-factor/entities/recovery-code.entity';
import { TotpFactor } from '../../src/auth/second-factor/entities/totp-factor.entity';
import { createSeason, createWeek } from '../support/factories';
import { advanceClock, codeAt, enrolTotp } from '../support/second-factor';
import { ADMIN, bearer, PASSWORD, TestApp } from '../support/test-app';

/** Admins' second factor under ADMIN_SECOND_FACTOR=required (the default): set up, sign in with it, reset. */
describe('Admin second factor (required)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start({ ADMIN_SECOND_FACTOR: 'required' });
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const events = (type: string, userId: number) => t.dataSource.getRepository(SecurityEvent).findBy({ type: type as SecurityEvent['type'], user_id: userId });
  const newAdmin = () => t.createUser({ role: 'admin' });
  const password = (email: string) => t.http.post('/api/users/login').send({ email, password: PASSWORD });
  const secondStep = (challenge: string, code: string) => t.http.post('/api/users/login/second_factor').send({ challenge, code });

  async function enrolledAdmin() {
    const admin = await newAdmin();
    const first = await password(admin.email).expect(200);
    const { secret, recoveryCodes } = await enrolTotp(t, first.body.token);
    advanceClock(t, 30);
    return { admin, secret, recoveryCodes };
  }

  it('an admin without a factor gets a session that can only set one up, and is told so', async () => {
    const response = await t.http.post('/api/users/login').send(ADMIN).expect(200);
    expect(response.body.user.second_factor_enrolment_required).toBe(true);
    const token = response.body.token as string;
    const locked = await t.http.get('/api/users').set(bearer(token)).expect(403);
    expect(locked.body).toEqual({ errors: ['Set up a second factor to continue.'], second_factor_enrolment_required: true });
    await t.http.get('/api/me').set(bearer(token)).expect(200);
    await t.http.get('/api/me/second_factor').set(bearer(token)).expect(200, { totp: false, recovery_codes_left: 0, required: true });
  });

  it('locks every admin route out for an admin without a factor, except setting one up, /me and logging out', async () => {
    const admin = await newAdmin();
    const token = (await password(admin.email).expect(200)).body.token as string;
    // Setting a factor up: an authenticator app, or a passkey (the strong factor by itself).
    const allowed = new Set([
      'GET /api/me',
      'GET /api/me/second_factor',
      'POST /api/me/second_factor/totp',
      'PUT /api/me/second_factor/totp',
      'GET /api/me/passkeys',
      'POST /api/me/passkeys/options',
      'POST /api/me/passkeys',
      'POST /api/logout',
      'POST /api/logout_everywhere',
    ]);
    // A live board to answer: GET /api/live is answered before Nest's pipeline, and must lock out all the same.
    const season = await createSeason(t.dataSource, { is_current: true });
    await createWeek(t.dataSource, { football_season_id: season.id, is_current: true });
    const routes = t.routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS' && !allowed.has(`${r.method} ${r.url}`));
    let locked = 0;
    for (const route of routes) {
      const url = route.url.replace(/:[a-z_]+/gi, '1').replace('*', 'x');
      const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      const anonymous = await t.http[method](url).send({});
      if (anonymous.status !== 401) continue; // a public route: no session, nothing to lock
      const response = await t.http[method](url).set(bearer(token)).send({});
      expect({ route: `${route.method} ${route.url}`, status: response.status, flag: response.body.second_factor_enrolment_required }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
        flag: true,
      });
      locked++;
    }
    expect(locked).toBeGreaterThan(50);
    // The allowed ones answer as usual (not the lock-out).
    const me = await t.http.get('/api/me').set(bearer(token)).expect(200);
    expect(me.body.second_factor_enrolment_required).toBeUndefined();
  });

  it('a member is never locked out, and gets no second step', async () => {
    const { token } = await t.member();
    await t.http.get('/api/me/sessions').set(bearer(token)).expect(200);
    await t.http.get('/api/me/second_factor').set(bearer(token)).expect(403);
  });

  it('sets up the app from the secret shown, then signs in with a code in two steps', async () => {
    const admin = await newAdmin();
    const first = await password(admin.email).expect(200);
    const started = await t.http.post('/api/me/second_factor/totp').set(bearer(first.body.token)).expect(200);
    expect(started.body.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    expect(started.body.qr_code).toMatch(/^data:image\/png;base64,/);
    const stored = await t.dataSource.getRepository(TotpFactor).findOneByOrFail({ user_id: admin.id });
    expect(stored.secret_encrypted).not.toContain(started.body.secret);
    await t.http.put('/api/me/second_factor/totp').set(bearer(first.body.token)).send({ code: '000000' }).expect(422);
    const confirmed = await t.http.put('/api/me/second_factor/totp').set(bearer(first.body.token)).send({ code: await codeAt(t, started.body.secret) }).expect(200);
    expect(confirmed.body.recovery_codes).toHaveLength(10);
    expect(new Set(confirmed.body.recovery_codes).size).toBe(10);
    expect(await t.dataSource.getRepository(RecoveryCode).findBy({ user_id: admin.id })).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ code_hash: confirmed.body.recovery_codes[0] })]),
    );
    await t.http.get('/api/users').set(bearer(first.body.token)).expect(200);
    expect(await events('second_factor_enrolled', admin.id)).toHaveLength(1);

    advanceClock(t, 30);
    const step = await password(admin.email).expect(200);
    expect(step.body).toEqual({ second_factor_required: true, challenge: expect.any(String), methods: ['totp', 'recovery_code'] });
    const signedIn = await secondStep(step.body.challenge, await codeAt(t, started.body.secret)).expect(200);
    expect(signedIn.body).toEqual({ token: expect.any(String), user: expect.objectContaining({ id: admin.id, admin: true }) });
    await t.http.get('/api/users').set(bearer(signedIn.body.token)).expect(200);
    expect((await events('login', admin.id)).some((e) => e.details === 'with a second factor')).toBe(true);
  });

  it('refuses a code accepted once (replay), and a challenge past 5 minutes', async () => {
    const { admin, secret } = await enrolledAdmin();
    const code = await codeAt(t, secret);
    const step = await password(admin.email).expect(200);
    await secondStep(step.body.challenge, code).expect(200);
    const again = await password(admin.email).expect(200);
    await secondStep(again.body.challenge, code).expect(401);
    advanceClock(t, 5 * 60 + 1);
    await secondStep(again.body.challenge, await codeAt(t, secret)).expect(401);
  });

  it('a recovery code works once, then fails', async () => {
    const { admin, recoveryCodes } = await enrolledAdmin();
    const step = await password(admin.email).expect(200);
    await secondStep(step.body.challenge, recoveryCodes[3].toUpperCase()).expect(200);
    const again = await password(admin.email).expect(200);
    const refused = await secondStep(again.body.challenge, recoveryCodes[3]).expect(401);
    expect(refused.body.errors).toEqual(['That code is not valid. Check your authenticator app and try again.']);
    expect(await events('recovery_code_used', admin.id)).toEqual([expect.objectContaining({ details: 'signing in; 9 left' })]);
  });

  it('throttles wrong codes (429 after 5) and writes them to the security log', async () => {
    const { admin, secret } = await enrolledAdmin();
    const step = await password(admin.email).expect(200);
    for (let i = 0; i < 5; i++) await secondStep(step.body.challenge, '000000').expect(401);
    await secondStep(step.body.challenge, await codeAt(t, secret)).expect(429);
    expect(await events('second_factor_failed', admin.id)).toHaveLength(5);
    expect(await events('throttled', admin.id)).toHaveLength(1);
  });

  it('a session token is not a challenge, and a bad body is 422', async () => {
    const { admin, secret } = await enrolledAdmin();
    const { token } = await t.member();
    await secondStep(token, await codeAt(t, secret)).expect(401);
    await t.http.post('/api/users/login/second_factor').send({ challenge: 'x' }).expect(422);
    expect(admin.id).toBeGreaterThan(0);
  });

  it("an admin resets another admin's factor: audited, their sessions end, their next sign-in sets one up", async () => {
    const { admin: target, secret } = await enrolledAdmin();
    const step = await password(target.email).expect(200);
    const targetToken = (await secondStep(step.body.challenge, await codeAt(t, secret)).expect(200)).body.token as string;
    const { admin: actor, secret: actorSecret } = await enrolledAdmin();
    const actorStep = await password(actor.email).expect(200);
    const actorToken = (await secondStep(actorStep.body.challenge, await codeAt(t, actorSecret)).expect(200)).body.token as string;

    await t.http.delete(`/api/users/${actor.id}/second_factor`).set(bearer(actorToken)).expect(422);
    await t.http.delete(`/api/users/${target.id}/second_factor`).set(bearer(actorToken)).expect(204);
    await t.http.get('/api/me').set(bearer(targetToken)).expect(401);
    expect(await events('second_factor_reset', target.id)).toEqual([expect.objectContaining({ actor_id: actor.id })]);
    const next = await password(target.email).expect(200);
    expect(next.body.user.second_factor_enrolment_required).toBe(true);
    const { user: member, token: memberToken } = await t.member();
    await t.http.delete(`/api/users/${target.id}/second_factor`).set(bearer(memberToken)).expect(403);
    await t.http.delete(`/api/users/${member.id}/second_factor`).set(bearer(actorToken)).expect(422);
  });

  it('new recovery codes replace the old; removing the app is refused where a factor is required', async () => {
    const { admin, secret, recoveryCodes } = await enrolledAdmin();
    const step = await password(admin.email).expect(200);
    const token = (await secondStep(step.body.challenge, await codeAt(t, secret)).expect(200)).body.token as string;
    const renewed = await t.http.post('/api/me/second_factor/recovery_codes').set(bearer(token)).expect(201);
    expect(renewed.body.recovery_codes).toHaveLength(10);
    const again = await password(admin.email).expect(200);
    await secondStep(again.body.challenge, recoveryCodes[0]).expect(401);
    await t.http.delete('/api/me/second_factor/totp').set(bearer(token)).expect(409);
    await t.http.get('/api/me/second_factor').set(bearer(token)).expect(200, { totp: true, recovery_codes_left: 10, required: true });
  });

  it('a code confirms who you are before a sensitive change', async () => {
    const { admin, secret } = await enrolledAdmin();
    const step = await password(admin.email).expect(200);
    const token = (await secondStep(step.body.challenge, await codeAt(t, secret)).expect(200)).body.token as string;
    advanceClock(t, 30);
    const confirmed = await t.http.post('/api/me/reauthenticate/code').set(bearer(token)).send({ code: await codeAt(t, secret) }).expect(200);
    expect(confirmed.body.reauthenticated_until).toEqual(expect.any(String));
    await t.http.post('/api/me/reauthenticate/code').set(bearer(token)).send({ code: '123456' }).expect(422);
  });
});
