import { createECDH, randomBytes } from 'node:crypto';
import { PushSubscription } from '../../src/push/entities/push-subscription.entity';
import { PushService } from '../support/push-service';
import { bearer, TestApp } from '../support/test-app';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

describe('Push subscriptions', () => {
  let t: TestApp;
  let push: PushService;

  beforeAll(async () => {
    push = await PushService.start();
    t = await TestApp.start({ PUSH_ENDPOINT_ALLOW: push.prefix });
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  it('gives anyone the VAPID public key browsers subscribe with, the same at every start on one DATA_DIR', async () => {
    const { body } = await t.http.get('/api/push/public_key').expect(200);
    expect(body).toEqual({ public_key: t.config.push.vapidPublicKey });
    expect(Buffer.from(body.public_key, 'base64url')).toHaveLength(65);
    // On MySQL/MariaDB the instance beside has a DATA_DIR of its own unless given this one.
    const beside = await TestApp.startBeside(t, { PUSH_ENDPOINT_ALLOW: push.prefix, DATA_DIR: t.config.dataDir });
    try {
      expect((await beside.http.get('/api/push/public_key').expect(200)).body).toEqual(body);
    } finally {
      await beside.close();
    }
  });

  it('subscribes a device (201), answers the same id when it subscribes again (200), lists and unsubscribes it', async () => {
    const { token } = await t.member();
    const device = push.device();
    const created = await t.http.post('/api/me/push_subscriptions').set(bearer(token)).set('User-Agent', ANDROID_CHROME).send(device).expect(201);
    expect(created.body).toEqual(expect.objectContaining({ id: expect.any(Number), device: 'Chrome on Android', push_service: new URL(push.origin).host }));
    expect(created.body).not.toHaveProperty('endpoint');
    const again = await t.http.post('/api/me/push_subscriptions').set(bearer(token)).set('User-Agent', ANDROID_CHROME).send({ ...device, keys: browserKeys() }).expect(200);
    expect(again.body.id).toBe(created.body.id);
    const other = await t.http.post('/api/me/push_subscriptions').set(bearer(token)).set('User-Agent', IPHONE_SAFARI).send(push.device()).expect(201);
    const listed = await t.http.get('/api/me/push_subscriptions').set(bearer(token)).expect(200);
    expect(listed.body.map((row: { id: number; device: string }) => [row.id, row.device]).sort()).toEqual(
      [
        [created.body.id, 'Chrome on Android'],
        [other.body.id, 'Safari on iOS'],
      ].sort(),
    );
    await t.http.delete(`/api/me/push_subscriptions/${created.body.id}`).set(bearer(token)).expect(204);
    expect((await t.http.get('/api/me/push_subscriptions').set(bearer(token)).expect(200)).body.map((row: { id: number }) => row.id)).toEqual([other.body.id]);
  });

  it('moves a device to the member who subscribed it last (another member signed in on the same browser)', async () => {
    const first = await t.member();
    const second = await t.member();
    const device = push.device();
    const { body } = await t.http.post('/api/me/push_subscriptions').set(bearer(first.token)).send(device).expect(201);
    await t.http.post('/api/me/push_subscriptions').set(bearer(second.token)).send(device).expect(200);
    expect((await t.http.get('/api/me/push_subscriptions').set(bearer(first.token)).expect(200)).body).toEqual([]);
    expect((await t.http.get('/api/me/push_subscriptions').set(bearer(second.token)).expect(200)).body.map((row: { id: number }) => row.id)).toEqual([body.id]);
  });

  it('keeps at most 10 devices a member: an 11th replaces the one silent the longest', async () => {
    const { user, token } = await t.member();
    const ids: number[] = [];
    for (let n = 0; n < 10; n++) ids.push((await t.http.post('/api/me/push_subscriptions').set(bearer(token)).send(push.device()).expect(201)).body.id);
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600_000);
    // The oldest device was heard from an hour ago; the fourth, two days old, never was: it is the one replaced.
    await t.dataSource.getRepository(PushSubscription).update({ id: ids[0] }, { created_at: daysAgo(3), last_success_at: daysAgo(1 / 24) });
    await t.dataSource.getRepository(PushSubscription).update({ id: ids[3] }, { created_at: daysAgo(2) });
    const eleventh = (await t.http.post('/api/me/push_subscriptions').set(bearer(token)).send(push.device()).expect(201)).body.id;
    const kept = (await t.dataSource.getRepository(PushSubscription).findBy({ user_id: user.id })).map((row) => row.id).sort((a, b) => a - b);
    expect(kept).toEqual([...ids.filter((id) => id !== ids[3]), eleventh].sort((a, b) => a - b));
  });

  it.each([
    ['an http endpoint', { endpoint: 'http://fcm.googleapis.com/fcm/send/x' }, /https URL of a push service/],
    ['a host that is no push service', { endpoint: 'https://attacker.example/hook' }, /known push service/],
    ['a look-alike host', { endpoint: 'https://fcm.googleapis.com.attacker.example/x' }, /known push service/],
    ['an internal address', { endpoint: 'http://127.0.0.1:1/admin' }, /https URL of a push service/],
    ['a key that is not a P-256 point', { keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: randomBytes(16).toString('base64url') } }, /p256dh/],
    ['a compressed key', { keys: { p256dh: randomBytes(33).toString('base64url'), auth: randomBytes(16).toString('base64url') } }, /p256dh/],
    ['an auth secret of the wrong length', { keys: { ...browserKeys(), auth: randomBytes(12).toString('base64url') } }, /keys.auth/],
    ['a key that is not base64url', { keys: { ...browserKeys(), p256dh: 'not base64!' } }, /p256dh/],
    ['no keys', { keys: undefined }, /keys/],
    ['no endpoint', { endpoint: undefined }, /endpoint/],
  ])('refuses %s with 422, storing nothing', async (_name, change, message) => {
    const { user, token } = await t.member();
    const body = { ...push.device(), ...change };
    const { body: answer } = await t.http.post('/api/me/push_subscriptions').set(bearer(token)).send(body).expect(422);
    expect(answer.errors.join(' ')).toMatch(message);
    expect(await t.dataSource.getRepository(PushSubscription).countBy({ user_id: user.id })).toBe(0);
  });

  it('takes the known push services (FCM, Mozilla, Apple, Windows) without any allow-list', async () => {
    const { token } = await t.member();
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGx7abc',
      'https://wns2-by3p.notify.windows.com/w/?token=AQE',
    ]) {
      await t.http.post('/api/me/push_subscriptions').set(bearer(token)).send({ endpoint, keys: browserKeys() }).expect(201);
    }
  });
});

describe('Push subscriptions: who may touch them', () => {
  let t: TestApp;
  let push: PushService;

  beforeAll(async () => {
    push = await PushService.start();
    t = await TestApp.start({ PUSH_ENDPOINT_ALLOW: push.prefix });
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  it('needs a session to subscribe, list or unsubscribe', async () => {
    await t.http.post('/api/me/push_subscriptions').send(push.device()).expect(401);
    await t.http.get('/api/me/push_subscriptions').expect(401);
    await t.http.delete('/api/me/push_subscriptions/1').expect(401);
  });

  it("answers 404 for another member's device, which stays subscribed", async () => {
    const owner = await t.member();
    const other = await t.member();
    const { body } = await t.http.post('/api/me/push_subscriptions').set(bearer(owner.token)).send(push.device()).expect(201);
    await t.http.delete(`/api/me/push_subscriptions/${body.id}`).set(bearer(other.token)).expect(404);
    expect((await t.http.get('/api/me/push_subscriptions').set(bearer(other.token)).expect(200)).body).toEqual([]);
    expect(await t.dataSource.getRepository(PushSubscription).existsBy({ id: body.id })).toBe(true);
  });
});
