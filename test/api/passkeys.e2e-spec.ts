import { Passkey } from '../../src/auth/passkeys/entities/passkey.entity';
import { PasswordReset } from '../../src/auth/entities/password-reset.entity';
import { Session } from '../../src/auth/entities/session.entity';
import { newToken } from '../../src/common/tokens';
import { SecurityEvent } from '../../src/security/entities/security-event.entity';
import { SoftPasskey } from '../support/passkey-authenticator';
import { bearer, PASSWORD, TestApp } from '../support/test-app';

const ORIGIN = 'http://pool.test';

describe('Passkeys', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  /** A member with a passkey added on the profile page. */
  async function memberWithPasskey(name = 'Laptop') {
    const { user, token } = await t.member();
    const key = new SoftPasskey(ORIGIN);
    const options = (await t.http.post('/api/me/passkeys/options').set(bearer(token)).expect(200)).body;
    const added = await t.http.post('/api/me/passkeys').set(bearer(token)).send({ name, response: key.register(options) }).expect(201);
    return { user, token, key, passkeyId: added.body.id as number };
  }

  const loginOptions = async () => (await t.http.post('/api/passkeys/login/options').expect(200)).body;
  const events = (userId: number) => t.dataSource.getRepository(SecurityEvent).find({ where: { user_id: userId }, order: { id: 'ASC' } });

  it('adds a passkey from registration options bound to the session, and lists it with its dates', async () => {
    const { user, token } = await t.member();
    const options = (await t.http.post('/api/me/passkeys/options').set(bearer(token)).expect(200)).body;
    expect(options).toEqual(expect.objectContaining({ challenge: expect.any(String), rp: { id: 'pool.test', name: 'Tailgate Picks' }, attestation: 'none' }));
    expect(options.authenticatorSelection).toEqual(expect.objectContaining({ residentKey: 'required', userVerification: 'required' }));
    const key = new SoftPasskey(ORIGIN);
    const added = await t.http.post('/api/me/passkeys').set(bearer(token)).send({ name: '  Work laptop ', response: key.register(options) }).expect(201);
    expect(added.body).toEqual({ id: expect.any(Number), name: 'Work laptop', created_at: expect.any(String), last_used_at: null, backed_up: false });
    expect((await t.http.get('/api/me/passkeys').set(bearer(token)).expect(200)).body).toEqual([added.body]);
    const row = await t.dataSource.getRepository(Passkey).findOneByOrFail({ id: added.body.id });
    expect(row).toEqual(expect.objectContaining({ user_id: user.id, credential_id: key.id, counter: 0, transports: 'internal' }));
    expect((await events(user.id)).map((event) => [event.type, event.details])).toContainEqual(['passkey_added', '"Work laptop"']);
    // The same authenticator again: excluded in the next options, and refused if sent anyway.
    const next = (await t.http.post('/api/me/passkeys/options').set(bearer(token)).expect(200)).body;
    expect(next.excludeCredentials).toEqual([{ id: key.id, type: 'public-key', transports: ['internal'] }]);
    await t.http.post('/api/me/passkeys').set(bearer(token)).send({ name: 'Again', response: key.register(next) }).expect(409);
  });

  it('refuses a registration for another origin, another RP ID, an unknown or reused challenge, or another session', async () => {
    const { user, token } = await t.member();
    const key = new SoftPasskey(ORIGIN);
    const add = (response: object, as = token) => t.http.post('/api/me/passkeys').set(bearer(as)).send({ name: 'Key', response });
    const options = async () => (await t.http.post('/api/me/passkeys/options').set(bearer(token)).expect(200)).body;
    expect((await add(key.register(await options(), { origin: 'https://evil.test' })).expect(422)).body).toEqual({
      errors: ['The passkey could not be verified. Try adding it again.'],
    });
    await add(key.register(await options(), { rpId: 'evil.test' })).expect(422);
    await add(key.register(await options(), { challenge: Buffer.from('made up').toString('base64url') })).expect(422);
    await add(key.register(await options(), { userVerified: false })).expect(422);
    const used = await options();
    await add(key.register(used)).expect(201);
    await add(new SoftPasskey(ORIGIN).register(used)).expect(422);
    const otherSession = await t.login(user.email, PASSWORD);
    await add(new SoftPasskey(ORIGIN).register(await options()), otherSession).expect(422);
    expect(await t.dataSource.getRepository(Passkey).countBy({ user_id: user.id })).toBe(1);
  });

  it('signs in with a passkey: a session as a password login starts, logged as a passkey login, the counter kept', async () => {
    const { user, key } = await memberWithPasskey();
    const { body } = await t.http.post('/api/passkeys/login').set('User-Agent', 'Passkey test').send({ response: key.assert(await loginOptions()) }).expect(200);
    expect(body).toEqual({ token: expect.any(String), user: expect.objectContaining({ id: user.id, email: user.email }) });
    expect(body.user).not.toHaveProperty('password_hash');
    await t.http.get('/api/me/sessions').set(bearer(body.token)).expect(200);
    const sessions = await t.dataSource.getRepository(Session).findBy({ user_id: user.id });
    expect(sessions.map((session) => session.user_agent)).toContain('Passkey test');
    const row = await t.dataSource.getRepository(Passkey).findOneByOrFail({ credential_id: key.id });
    expect(row.counter).toBe(1);
    expect(row.last_used_at).toBeInstanceOf(Date);
    expect((await events(user.id)).map((event) => [event.type, event.details])).toContainEqual(['login', 'passkey']);
    // Logging out ends the passkey's session as any other.
    await t.http.post('/api/logout').set(bearer(body.token)).expect((response) => expect(response.status).toBeLessThan(300));
    await t.http.get('/api/me/sessions').set(bearer(body.token)).expect(401);
  });

  it('refuses a counter that does not move on, another origin, another RP ID, and a challenge used twice or made up', async () => {
    const { user, key } = await memberWithPasskey();
    const login = (response: object) => t.http.post('/api/passkeys/login').send({ response });
    await login(key.assert(await loginOptions(), { counter: 5 })).expect(200);
    expect((await login(key.assert(await loginOptions(), { counter: 5 })).expect(401)).body).toEqual({ errors: ['Passkey sign-in failed'] });
    await login(key.assert(await loginOptions(), { counter: 3 })).expect(401);
    await login(key.assert(await loginOptions(), { origin: 'https://evil.test' })).expect(401);
    await login(key.assert(await loginOptions(), { rpId: 'evil.test' })).expect(401);
    await login(key.assert(await loginOptions(), { userVerified: false })).expect(401);
    await login(key.assert(await loginOptions(), { challenge: Buffer.from('made up').toString('base64url') })).expect(401);
    const options = await loginOptions();
    await login(key.assert(options, { counter: 10 })).expect(200);
    await login(key.assert(options, { counter: 11 })).expect(401);
    expect((await t.dataSource.getRepository(Passkey).findOneByOrFail({ credential_id: key.id })).counter).toBe(10);
    const failures = (await events(user.id)).filter((event) => event.type === 'login_failed');
    expect(failures).toHaveLength(7);
    expect(failures.every((event) => event.details === 'passkey')).toBe(true);
  });

  it('refuses an unknown passkey with 401 and a malformed body with 422, never 500', async () => {
    const stranger = new SoftPasskey(ORIGIN);
    await t.http.post('/api/passkeys/login').send({ response: stranger.assert(await loginOptions()) }).expect(401);
    for (const body of [{}, { response: 'x' }, { response: { id: 'a', rawId: 'a', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: '!!' } } }]) {
      const answer = await t.http.post('/api/passkeys/login').send(body).expect(422);
      expect(answer.body.errors[0]).toEqual(expect.any(String));
    }
    const garbage = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' } };
    await t.http.post('/api/passkeys/login').send({ response: garbage }).expect(401);
    const { token, key } = await memberWithPasskey();
    await t.http.post('/api/me/passkeys').set(bearer(token)).send({ name: 'x', response: { ...key.register({ challenge: 'AAAA' }), response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' } } }).expect(422);
  });

  it('renames and removes only the member\'s own passkeys (another member\'s is 404), and logs the removal', async () => {
    const { user, token, passkeyId, key } = await memberWithPasskey('Phone');
    const other = await t.member();
    await t.http.patch(`/api/me/passkeys/${passkeyId}`).set(bearer(other.token)).send({ name: 'Mine now' }).expect(404);
    await t.http.delete(`/api/me/passkeys/${passkeyId}`).set(bearer(other.token)).expect(404);
    await t.http.patch(`/api/me/passkeys/${passkeyId}`).set(bearer(token)).send({ name: '' }).expect(422);
    const renamed = await t.http.patch(`/api/me/passkeys/${passkeyId}`).set(bearer(token)).send({ name: 'Old phone' }).expect(200);
    expect(renamed.body.name).toBe('Old phone');
    await t.http.delete(`/api/me/passkeys/${passkeyId}`).set(bearer(token)).expect(204);
    expect((await t.http.get('/api/me/passkeys').set(bearer(token)).expect(200)).body).toEqual([]);
    expect((await events(user.id)).map((event) => [event.type, event.details])).toContainEqual(['passkey_removed', '"Old phone"']);
    await t.http.post('/api/passkeys/login').send({ response: key.assert(await loginOptions()) }).expect(401);
  });

  it('lets an admin set a passkey up as the second factor, and keeps the last one while no other is set up', async () => {
    const required = await TestApp.startBeside(t, { ADMIN_SECOND_FACTOR: 'required' });
    try {
      const admin = await required.createUser({ role: 'admin' });
      const token = await required.login(admin.email, PASSWORD);
      const add = async () => {
        const options = (await required.http.post('/api/me/passkeys/options').set(bearer(token)).expect(200)).body;
        const response = new SoftPasskey(ORIGIN).register(options);
        return (await required.http.post('/api/me/passkeys').set(bearer(token)).send({ name: 'Key', response }).expect(201)).body.id;
      };
      const first = await add();
      const second = await add();
      await required.http.get('/api/games').set(bearer(token)).expect(200);
      await required.http.delete(`/api/me/passkeys/${first}`).set(bearer(token)).expect(204);
      const refused = await required.http.delete(`/api/me/passkeys/${second}`).set(bearer(token)).expect(409);
      expect(refused.body).toEqual({ errors: ['Set up another second factor before removing your last passkey.'] });
    } finally {
      await required.close();
    }
  });

  it('lets an admin remove the last passkey where a second factor is optional', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const token = await t.login(admin.email, PASSWORD);
    const options = (await t.http.post('/api/me/passkeys/options').set(bearer(token)).expect(200)).body;
    const { body } = await t.http.post('/api/me/passkeys').set(bearer(token)).send({ name: 'Key', response: new SoftPasskey(ORIGIN).register(options) }).expect(201);
    await t.http.delete(`/api/me/passkeys/${body.id}`).set(bearer(token)).expect(204);
  });

  it('confirms it\'s you with the session owner\'s own passkey only', async () => {
    const { token, key } = await memberWithPasskey();
    const other = await memberWithPasskey();
    const options = (await t.http.post('/api/me/reauthenticate/passkey/options').set(bearer(token)).expect(200)).body;
    expect(options.allowCredentials).toEqual([{ id: key.id, type: 'public-key', transports: ['internal'] }]);
    await t.http.post('/api/me/reauthenticate/passkey').set(bearer(token)).send({ response: other.key.assert(options) }).expect(422);
    const again = (await t.http.post('/api/me/reauthenticate/passkey/options').set(bearer(token)).expect(200)).body;
    // Another session's challenge does not confirm this one.
    await t.http.post('/api/me/reauthenticate/passkey').set(bearer(other.token)).send({ response: other.key.assert(again) }).expect(422);
    const fresh = (await t.http.post('/api/me/reauthenticate/passkey/options').set(bearer(token)).expect(200)).body;
    const before = Date.now();
    const { body } = await t.http.post('/api/me/reauthenticate/passkey').set(bearer(token)).send({ response: key.assert(fresh) }).expect(200);
    expect(new Date(body.reauthenticated_until).getTime()).toBeGreaterThanOrEqual(before + 4 * 60 * 1000);
  });

  it('keeps passkeys through a password reset, which still ends every session (passkey ones too)', async () => {
    const { user, key } = await memberWithPasskey();
    const { body } = await t.http.post('/api/passkeys/login').send({ response: key.assert(await loginOptions()) }).expect(200);
    const reset = newToken();
    await t.dataSource.getRepository(PasswordReset).save({ user_id: user.id, token_hash: reset.hash, expires_at: new Date(Date.now() + 3600_000) });
    const password_reset = { password: 'a-new-password-1', password_confirmation: 'a-new-password-1' };
    await t.http.patch(`/api/password_resets/${reset.token}`).send({ password_reset }).expect(200);
    await t.http.get('/api/me/passkeys').set(bearer(body.token)).expect(401);
    const again = await t.http.post('/api/passkeys/login').send({ response: key.assert(await loginOptions()) }).expect(200);
    expect((await t.http.get('/api/me/passkeys').set(bearer(again.body.token)).expect(200)).body).toHaveLength(1);
  });

  it('throttles failed passkey sign-ins per address, counting failures only', async () => {
    // An app of its own: the address's allowance starts full.
    const own = await TestApp.start();
    try {
      const { token } = await own.member();
      const key = new SoftPasskey(ORIGIN);
      const registration = (await own.http.post('/api/me/passkeys/options').set(bearer(token)).expect(200)).body;
      await own.http.post('/api/me/passkeys').set(bearer(token)).send({ name: 'Key', response: key.register(registration) }).expect(201);
      const fail = () => own.http.post('/api/passkeys/login').send({ response: new SoftPasskey(ORIGIN).assert({ challenge: 'AAAA' }) });
      for (let i = 0; i < 29; i++) await fail().expect(401);
      const options = (await own.http.post('/api/passkeys/login/options').expect(200)).body;
      await own.http.post('/api/passkeys/login').send({ response: key.assert(options) }).expect(200);
      await fail().expect(401);
      const refused = await fail().expect(429);
      expect(refused.body.errors[0]).toMatch(/^Too many failed passkey attempts/);
    } finally {
      await own.close();
    }
  });
});
