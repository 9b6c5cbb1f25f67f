import { PushSubscription } from '../../src/push/entities/push-subscription.entity';
import { PushService } from '../support/push-service';
import { bearer, TestApp } from '../support/test-app';

/**
 * Push endpoints (docs/security.md#push-endpoints): the server POSTs to whatever URL a subscription names, so only
 * the known push services are taken (or what PUSH_ENDPOINT_ALLOW lists), and a member's devices are their own.
 */
describe('Push subscriptions', () => {
  let t: TestApp;
  let push: PushService;

  beforeAll(async () => {
    push = await PushService.start();
    t = await TestApp.start();
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  it('V12.6.1 the server calls no address a member names: an endpoint off the known push services is a 422, loopback included unless allowed', async () => {
    const { user, token } = await t.member();
    for (const endpoint of [push.device().endpoint, 'https://169.254.169.254/latest/meta-data', 'https://localhost/push', 'https://fcm.googleapis.com@attacker.example/x', 'file:///etc/passwd']) {
      const { body } = await t.http.post('/api/me/push_subscriptions').set(bearer(token)).send({ ...push.device(), endpoint }).expect(422);
      expect(body.errors).toEqual([expect.stringMatching(/endpoint/)]);
    }
    expect(await t.dataSource.getRepository(PushSubscription).countBy({ user_id: user.id })).toBe(0);
  });

  it("V4.2.1 a member can neither list nor unsubscribe another member's device, and never sees an endpoint", async () => {
    const owner = await t.member();
    const other = await t.member();
    const { body } = await t.http.post('/api/me/push_subscriptions').set(bearer(owner.token)).send({ ...push.device(), endpoint: 'https://fcm.googleapis.com/fcm/send/secret-token' }).expect(201);
    expect(JSON.stringify(body)).not.toContain('secret-token');
    await t.http.delete(`/api/me/push_subscriptions/${body.id}`).set(bearer(other.token)).expect(404);
    expect((await t.http.get('/api/me/push_subscriptions').set(bearer(other.token)).expect(200)).body).toEqual([]);
    const listed = await t.http.get('/api/me/push_subscriptions').set(bearer(owner.token)).expect(200);
    expect(JSON.stringify(listed.body)).not.toContain('secret-token');
  });
});
