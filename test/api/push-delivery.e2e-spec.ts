import { In } from 'typeorm';
import { generateVAPIDKeys } from 'web-push';
import { Game } from '../../src/games/entities/game.entity';
import { MissingPicksService } from '../../src/notifications/missing-picks.service';
import { PushDelivery } from '../../src/push/entities/push-delivery.entity';
import { PushSubscription } from '../../src/push/entities/push-subscription.entity';
import { PushSenderService } from '../../src/push/push-sender.service';
import { Team } from '../../src/teams/entities/team.entity';
import { createGame, createSeason, createTeam, createWeek, hoursFromNow } from '../support/factories';
import { BrowserSubscription, PushService } from '../support/push-service';
import { bearer, TestApp } from '../support/test-app';

/** Retries and claims come quickly in tests; a push service that does not answer is given up on after a second. */
const FAST = { MAIL_RETRY_DELAY: '200ms', MAIL_POLL_INTERVAL: '200ms', PUSH_TIMEOUT: '2s' };

interface Member {
  id: number;
  token: string;
}

describe('Push delivery', () => {
  let push: PushService;
  let t: TestApp;
  let admin: string;
  let seasonId: number;
  let weekNumber = 0;

  beforeAll(async () => {
    push = await PushService.start();
    t = await TestApp.start({ PUSH_ENDPOINT_ALLOW: push.prefix, ...FAST });
    admin = await t.adminToken();
    seasonId = (await createSeason(t.dataSource)).id;
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  async function subscribed(app: TestApp, kinds: Record<string, boolean>, devices = 1): Promise<Member & { devices: BrowserSubscription[] }> {
    const { user, token } = await app.member();
    if (Object.keys(kinds).length) {
      const change = Object.fromEntries(Object.entries(kinds).map(([kind, on]) => [kind, { push: on }]));
      await app.http.patch('/api/me/notification_preferences').set(bearer(token)).send(change).expect(200);
    }
    const list: BrowserSubscription[] = [];
    for (let n = 0; n < devices; n++) {
      const device = push.device(app.config.push.vapidPublicKey);
      await app.http.post('/api/me/push_subscriptions').set(bearer(token)).send(device).expect(201);
      list.push(device);
    }
    return { id: user.id, token, devices: list };
  }

  /** A new week with two open games (deadlines in 5 h and 29 h) and their teams. */
  async function openWeek(app: TestApp = t): Promise<{ weekId: number; games: Game[]; teams: Team[] }> {
    const week = await createWeek(app.dataSource, { number: ++weekNumber, football_season_id: seasonId });
    const teams = [await createTeam(app.dataSource), await createTeam(app.dataSource), await createTeam(app.dataSource), await createTeam(app.dataSource)];
    const games = [
      await createGame(app.dataSource, { week_id: week.id, game_date: hoursFromNow(6), home_team_id: teams[0].id, away_team_id: teams[1].id }),
      await createGame(app.dataSource, { week_id: week.id, game_date: hoursFromNow(30), home_team_id: teams[2].id, away_team_id: teams[3].id }),
    ];
    return { weekId: week.id, games, teams };
  }

  const settled = async (app: TestApp, where: object) => {
    const repository = app.dataSource.getRepository(PushDelivery);
    const deadline = Date.now() + 10_000;
    while (await repository.existsBy({ ...where, status: In(['queued', 'sending']) })) {
      if (Date.now() > deadline) throw new Error('push deliveries not settled');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return repository.find({ where, order: { id: 'ASC' } });
  };

  it("reminds a member missing picks on each device that opted in, with the week's link, high urgency and a TTL ending at the deadline", async () => {
    const { weekId, games, teams } = await openWeek();
    const opted = await subscribed(t, { reminders: true }, 2);
    const notOpted = await subscribed(t, {});
    const otherKind = await subscribed(t, { game_finals: true });
    const allPicked = await subscribed(t, { reminders: true });
    for (const game of games) {
      await t.http.post('/api/picks').set(bearer(allPicked.token)).send({ game_id: game.id, week_id: weekId, selected_winner: teams.find((team) => team.id === game.home_team_id)!.name }).expect(201);
    }
    const before = Date.now();
    await t.http.post(`/api/weeks/${weekId}/missing_picks/remind`).set(bearer(admin)).expect(200);
    await push.waitFor(() => opted.devices.every((device) => push.to(device.endpoint).length === 1));
    await settled(t, { week_id: weekId });
    for (const device of opted.devices) {
      const [received] = push.to(device.endpoint);
      expect(received.payload).toEqual({
        title: expect.stringMatching(/^[45] h left: 2 picks to make in week \d+$/),
        body: `You haven't picked ${teams[1].name} @ ${teams[0].name}, ${teams[3].name} @ ${teams[2].name}.`,
        url: `/dashboard?week=${weekId}`,
        tag: `reminder-${weekId}`,
      });
      expect(received.urgency).toBe('high');
      // The TTL ends at the last missing game's deadline (29 h away), never later.
      const lastDeadline = games[1].game_date.getTime() - 3600_000;
      expect(received.ttl).toBeLessThanOrEqual(Math.ceil((lastDeadline - before) / 1000));
      expect(received.ttl).toBeGreaterThan(Math.floor((lastDeadline - Date.now()) / 1000) - 5);
      expect(received.vapidKey).toBe(t.config.push.vapidPublicKey);
      expect(received.claims.aud).toBe(push.origin);
    }
    for (const member of [notOpted, otherKind, allPicked]) expect(member.devices.flatMap((device) => push.to(device.endpoint))).toEqual([]);
    expect(push.problems).toEqual([]);
  });

  it('forgets a device the push service answers 410 or 404 for, and retries a 500 until it passes', async () => {
    const { weekId } = await openWeek();
    const gone = await subscribed(t, { reminders: true });
    const notFound = await subscribed(t, { reminders: true });
    const flaky = await subscribed(t, { reminders: true });
    push.answer(gone.devices[0].endpoint, 410);
    push.answer(notFound.devices[0].endpoint, 404);
    push.answer(flaky.devices[0].endpoint, 500);
    await t.http.post(`/api/weeks/${weekId}/missing_picks/remind`).set(bearer(admin)).expect(200);
    await push.waitFor(() => (push.requests.get(flaky.devices[0].endpoint.split('/').pop()!) ?? 0) >= 2);
    push.answer(flaky.devices[0].endpoint, 'accept');
    await push.waitFor(() => push.to(flaky.devices[0].endpoint).length === 1);
    const rows = await settled(t, { week_id: weekId });
    const statusOf = (member: Member) => rows.find((row) => row.user_id === member.id)!;
    expect(statusOf(gone)).toEqual(expect.objectContaining({ status: 'gone', response_status: 410, subscription_id: null }));
    expect(statusOf(notFound)).toEqual(expect.objectContaining({ status: 'gone', response_status: 404, subscription_id: null }));
    expect(statusOf(flaky)).toEqual(expect.objectContaining({ status: 'sent', response_status: 201 }));
    expect(statusOf(flaky).attempts).toBeGreaterThanOrEqual(3);
    expect(await t.dataSource.getRepository(PushSubscription).countBy({ user_id: In([gone.id, notFound.id]) })).toBe(0);
    expect((await t.http.get('/api/me/push_subscriptions').set(bearer(gone.token)).expect(200)).body).toEqual([]);
  });

  it('does not let a push service that never answers hold up the others', async () => {
    const { weekId } = await openWeek();
    const hung = await subscribed(t, { reminders: true });
    const fine = await subscribed(t, { reminders: true });
    push.answer(hung.devices[0].endpoint, 'hang');
    await t.http.post(`/api/weeks/${weekId}/missing_picks/remind`).set(bearer(admin)).expect(200);
    await push.waitFor(() => push.to(fine.devices[0].endpoint).length === 1);
    const hungRow = async () => t.dataSource.getRepository(PushDelivery).findOneByOrFail({ week_id: weekId, user_id: hung.id });
    // Delivered while the hung request is still waiting for its answer.
    expect(await hungRow()).toEqual(expect.objectContaining({ status: 'sending', error: null }));
    const deadline = Date.now() + 8000;
    while ((await hungRow()).error === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await hungRow()).error).toMatch(/No answer within 2000 ms/);
    push.answer(hung.devices[0].endpoint, 'accept');
    await push.waitFor(() => push.to(hung.devices[0].endpoint).length === 1);
  });

  it("pushes an admin's override of a pick, a picked game's final (right or wrong) and the week's results, each to who opted in", async () => {
    const { weekId, games, teams } = await openWeek();
    const everything = await subscribed(t, { pick_overrides: true, game_finals: true, weekly_results: true });
    const finalsOff = await subscribed(t, { pick_overrides: true, weekly_results: true });
    const nameOf = (id: number) => teams.find((team) => team.id === id)!.name;
    for (const member of [everything, finalsOff]) {
      for (const game of games) await t.http.post('/api/picks').set(bearer(member.token)).send({ game_id: game.id, week_id: weekId, selected_winner: nameOf(game.home_team_id) }).expect(201);
    }
    // The admin moves one pick to the away team.
    await t.http
      .post('/api/picks')
      .set(bearer(admin))
      .send({ game_id: games[0].id, week_id: weekId, user_id: everything.id, selected_winner: nameOf(games[0].away_team_id), reason: 'Phoned in' })
      .expect(200);
    await push.waitFor(() => push.to(everything.devices[0].endpoint).length === 1);
    expect(push.to(everything.devices[0].endpoint)[0].payload).toEqual({
      title: `An admin changed your pick: ${nameOf(games[0].away_team_id)} @ ${nameOf(games[0].home_team_id)}`,
      body: `Picked winner: ${nameOf(games[0].home_team_id)} → ${nameOf(games[0].away_team_id)} (Phoned in)`,
      url: `/dashboard?week=${weekId}`,
      tag: `pick-changed-${games[0].id}`,
    });
    // Both games end with the home team winning; the scores are final.
    for (const game of games) await t.http.patch(`/api/games/${game.id}`).set(bearer(admin)).send({ status: 'completed', home_score: 31, away_score: 24 }).expect(200);
    await push.waitFor(() => push.to(everything.devices[0].endpoint).filter((received) => received.payload.tag.startsWith('final-')).length === 2);
    const finals = push
      .to(everything.devices[0].endpoint)
      .filter((received) => received.payload.tag.startsWith('final-'))
      .map((received) => received.payload)
      .sort((a, b) => a.tag.localeCompare(b.tag));
    expect(finals).toEqual([
      { title: `Final: ${nameOf(games[0].away_team_id)} 24 @ ${nameOf(games[0].home_team_id)} 31`, body: `Your pick, ${nameOf(games[0].away_team_id)}: wrong.`, url: `/dashboard?week=${weekId}`, tag: `final-${games[0].id}` },
      { title: `Final: ${nameOf(games[1].away_team_id)} 24 @ ${nameOf(games[1].home_team_id)} 31`, body: `Your pick, ${nameOf(games[1].home_team_id)}: right ✓.`, url: `/dashboard?week=${weekId}`, tag: `final-${games[1].id}` },
    ]);
    // The week's results (calculated automatically once every game has a winner), each member's own rank.
    const results = (member: { devices: BrowserSubscription[] }) => push.to(member.devices[0].endpoint).filter((received) => received.payload.tag.startsWith('results-'));
    await push.waitFor(() => results(finalsOff).length === 1 && results(everything).length === 1);
    expect(push.to(finalsOff.devices[0].endpoint).map((received) => received.payload.tag)).toEqual([`results-${weekId}`]);
    expect(results(finalsOff)[0].payload).toEqual(
      expect.objectContaining({ title: expect.stringMatching(/^Week \d+: you finished #1 of \d+$/), body: 'Your record: 2-0. See the standings.', url: `/results?week=${weekId}` }),
    );
    expect(results(everything)[0].payload.body).toBe('Your record: 1-1. See the standings.');
    expect(results(everything)[0].urgency).toBe('low');
    expect(push.to(everything.devices[0].endpoint)).toHaveLength(4);
    expect(push.problems).toEqual([]);
  });
});

describe('Push delivery across two app instances', () => {
  let push: PushService;
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    push = await PushService.start();
    // A timeout long enough that no attempt is given up on while the push service did take it (that one would be
    // sent again: at least once, with the tag making the device replace it rather than show it twice).
    // The instances share the VAPID keys through the environment, as instances without a shared DATA_DIR must.
    const keys = generateVAPIDKeys();
    const env = { PUSH_ENDPOINT_ALLOW: push.prefix, ...FAST, PUSH_TIMEOUT: '10s', VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
    one = await TestApp.start(env);
    two = await TestApp.startBeside(one, env);
  });
  afterAll(async () => {
    await two.close();
    await one.close();
    await push.close();
  });

  it('sends each scheduled reminder once per device, whichever instances queue and send it', async () => {
    const week = await createWeek(one.dataSource, { number: 1 });
    await createGame(one.dataSource, { week_id: week.id, game_date: hoursFromNow(20) });
    const devices: BrowserSubscription[] = [];
    for (let n = 0; n < 12; n++) {
      const { token } = await one.member();
      await one.http.patch('/api/me/notification_preferences').set(bearer(token)).send({ reminders: { push: true } }).expect(200);
      for (let d = 0; d < 2; d++) {
        const device = push.device(one.config.push.vapidPublicKey);
        await (d === 0 ? one : two).http.post('/api/me/push_subscriptions').set(bearer(token)).send(device).expect(201);
        devices.push(device);
      }
    }
    // Both instances queue the same slot (as if each had run the job), one after the other, and both senders race for the rows.
    for (const app of [one, two, one]) await app.app.get(MissingPicksService).remind(week.id, 'reminder-24h', 0);
    two.app.get(PushSenderService).poke();
    await push.waitFor((received) => received.length >= devices.length);
    await Promise.all([one.app.get(PushSenderService).idle(), two.app.get(PushSenderService).idle()]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const device of devices) {
      expect(push.to(device.endpoint)).toHaveLength(1);
      expect(push.requests.get(device.endpoint.split('/').pop()!)).toBe(1);
    }
    const rows = await one.dataSource.getRepository(PushDelivery).findBy({ week_id: week.id });
    expect(rows).toHaveLength(devices.length);
    expect(rows.filter((row) => row.status !== 'sent' || row.attempts !== 1).map((row) => [row.status, row.attempts, row.error])).toEqual([]);
    expect(push.problems).toEqual([]);
  });
});
