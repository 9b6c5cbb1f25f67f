import { NotificationPreferencesService } from '../../src/users/preferences/notification-preferences.service';
import { bearer, TestApp } from '../support/test-app';

const DEFAULTS = {
  reminders: { email: true, push: false },
  picks_sheet: { email: true, push: false },
  game_finals: { email: false, push: false },
  weekly_results: { email: false, push: false },
  pick_overrides: { email: true, push: false },
  weekly_email: { email: true, push: false },
};
const PATH = '/api/me/notification_preferences';

describe('Notification preferences', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start();
  });

  afterAll(() => t.close());

  it('answers the defaults to a member who never chose: e-mail as before, push off', async () => {
    const { token } = await t.member();
    const response = await t.http.get(PATH).set(bearer(token)).expect(200);
    expect(response.body).toEqual(DEFAULTS);
  });

  it('needs a session', async () => {
    await t.http.get(PATH).expect(401);
    await t.http.patch(PATH).send({ reminders: { push: true } }).expect(401);
  });

  it('changes only the channels sent and answers the whole object', async () => {
    const { token } = await t.member();
    const first = await t.http.patch(PATH).set(bearer(token)).send({ reminders: { push: true } }).expect(200);
    expect(first.body).toEqual({ ...DEFAULTS, reminders: { email: true, push: true } });
    const second = await t.http.patch(PATH).set(bearer(token)).send({ reminders: { email: false }, game_finals: { push: true }, weekly_email: { email: false, push: true } }).expect(200);
    const expected = {
      ...DEFAULTS,
      reminders: { email: false, push: true },
      game_finals: { email: false, push: true },
      weekly_email: { email: false, push: true },
    };
    expect(second.body).toEqual(expected);
    expect((await t.http.get(PATH).set(bearer(token)).expect(200)).body).toEqual(expected);
  });

  it("keeps each member's choices apart", async () => {
    const one = await t.member();
    const two = await t.member();
    await t.http.patch(PATH).set(bearer(one.token)).send({ picks_sheet: { email: false } }).expect(200);
    expect((await t.http.get(PATH).set(bearer(two.token)).expect(200)).body).toEqual(DEFAULTS);
  });

  it.each([
    [{ reminder: { push: true } }, 'reminder is not a known field'],
    [{ reminders: { sms: true } }, 'reminders.sms is not a known field'],
    [{ reminders: { push: 'yes' } }, 'reminders.push must be true or false'],
    [{ reminders: { email: 1 } }, 'reminders.email must be true or false'],
    [{ game_finals: { email: true } }, 'There is no e-mail for game_finals'],
    [{ weekly_results: { email: true, push: true } }, 'There is no e-mail for weekly_results'],
  ])('refuses %j with 422 and changes nothing', async (body, message) => {
    const { token } = await t.member();
    const response = await t.http.patch(PATH).set(bearer(token)).send({ pick_overrides: { push: true }, ...body }).expect(422);
    expect(response.body.errors).toContain(message);
    expect((await t.http.get(PATH).set(bearer(token)).expect(200)).body).toEqual(DEFAULTS);
  });

  it('refuses a kind that is not an object', async () => {
    const { token } = await t.member();
    const response = await t.http.patch(PATH).set(bearer(token)).send({ reminders: true }).expect(422);
    expect(response.body.errors.length).toBeGreaterThan(0);
  });

  it('turning e-mail off for a kind that has none is allowed (it is already off)', async () => {
    const { token } = await t.member();
    const response = await t.http.patch(PATH).set(bearer(token)).send({ game_finals: { email: false } }).expect(200);
    expect(response.body).toEqual(DEFAULTS);
  });

  it('tells the senders which members want a kind by a channel', async () => {
    const preferences = t.app.get(NotificationPreferencesService);
    const a = await t.member();
    const b = await t.member();
    const c = await t.member();
    await t.http.patch(PATH).set(bearer(a.token)).send({ reminders: { email: false, push: true } }).expect(200);
    await t.http.patch(PATH).set(bearer(b.token)).send({ reminders: { push: false }, weekly_email: { push: true } }).expect(200);
    const ids = [a.user.id, b.user.id, c.user.id];
    expect(await preferences.wanting('reminders', 'email', ids)).toEqual(new Set([b.user.id, c.user.id]));
    expect(await preferences.wanting('reminders', 'push', ids)).toEqual(new Set([a.user.id]));
    expect(await preferences.wanting('weekly_email', 'push', ids)).toEqual(new Set([b.user.id]));
    expect(await preferences.wanting('game_finals', 'email', ids)).toEqual(new Set());
    expect(await preferences.wanting('reminders', 'push', [])).toEqual(new Set());
  });
});
