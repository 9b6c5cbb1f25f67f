import type { Email } from 'postal-mime';
import { In } from 'typeorm';
import type { Game } from '../../src/games/entities/game.entity';
import { PickRemindersJob } from '../../src/jobs/pick-reminders.job';
import { PicksSheetJob } from '../../src/jobs/picks-sheet.job';
import { NotificationDelivery } from '../../src/mail/entities/notification-delivery.entity';
import { PushDelivery } from '../../src/push/entities/push-delivery.entity';
import type { FootballSeason } from '../../src/seasons/entities/football-season.entity';
import type { Week } from '../../src/seasons/weeks/entities/week.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { createGame, createPick, createSeason, createWeek, hoursFromNow } from '../support/factories';
import { settledDeliveries } from '../support/outbox';
import { BrowserSubscription, PushService } from '../support/push-service';
import { TestSmtpServer } from '../support/smtp';
import { createSurvivorContest, createSurvivorPick, createSurvivorResult, enterSurvivor } from '../support/survivor-factories';
import { bearer, TestApp } from '../support/test-app';

const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';

/** The survivor contest's reminders, picks sheet and weekly e-mail sections (docs/pool-formats.md#survivor). */
describe('Survivor notices', () => {
  let smtp: TestSmtpServer;
  let push: PushService;
  let t: TestApp;
  let admin: string;
  let run = 0;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    push = await PushService.start();
    t = await TestApp.start({
      SMTP_URL: smtp.url,
      APP_NAME: 'Saturday Pool',
      PUSH_ENDPOINT_ALLOW: push.prefix,
      MAIL_RETRY_DELAY: '200ms',
      MAIL_POLL_INTERVAL: '200ms',
      PUSH_TIMEOUT: '2s',
    });
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
    await push.close();
    await smtp.stop();
  });

  type Member = { id: number; email: string; name: string; token: string; device?: BrowserSubscription };

  async function member(name: string, pushReminders = false): Promise<Member> {
    const { user, token } = await t.member({ name: `${name} ${run}` });
    const one: Member = { id: user.id, email: user.email, name: user.name, token };
    if (pushReminders) {
      await t.http.patch('/api/me/notification_preferences').set(bearer(token)).send({ reminders: { push: true } }).expect(200);
      one.device = push.device(t.config.push.vapidPublicKey);
      await t.http.post('/api/me/push_subscriptions').set(bearer(token)).send(one.device).expect(201);
    }
    return one;
  }

  /**
   * A season (with or without its pick'em) whose survivor contest started the week before, calculated: Ann, Bob and
   * Cat survived it, Dan went out (picking Dan's Team). The week: two games, kicking off in `kickoffs` hours.
   */
  async function contestWeek(kickoffs: [number, number], season: Partial<FootballSeason> = {}) {
    run++;
    const { id: seasonId } = await createSeason(t.dataSource, { games_per_week: null, ...season });
    const before = await createWeek(t.dataSource, { football_season_id: seasonId, number: 1, start_date: '2026-01-01', end_date: '2026-01-07' });
    const week = await createWeek(t.dataSource, { football_season_id: seasonId, number: 2 });
    const games: Game[] = [];
    for (const [i, hours] of kickoffs.entries()) games.push(await createGame(t.dataSource, { week_id: week.id, game_date: hoursFromNow(hours), is_tiebreaker: i === 1 }));
    const oldGame = await createGame(t.dataSource, { week_id: before.id, game_date: hoursFromNow(-200) });
    const contest = await createSurvivorContest(t.dataSource, { football_season_id: seasonId, first_week_id: before.id });
    const [ann, bob, cat, dan] = [await member('Ann', true), await member('Bob'), await member('Cat', true), await member('Dan')];
    await enterSurvivor(t.dataSource, contest, [ann.id, bob.id, cat.id, dan.id]);
    for (const one of [ann, bob, cat]) {
      await createSurvivorPick(t.dataSource, contest, oldGame, one.id, oldGame.home_team_id);
      await createSurvivorResult(t.dataSource, contest, before, one.id, { team_id: oldGame.home_team_id });
    }
    await createSurvivorPick(t.dataSource, contest, oldGame, dan.id, oldGame.away_team_id);
    await createSurvivorResult(t.dataSource, contest, before, dan.id, { alive: false, lives_left: 0, team_id: oldGame.away_team_id });
    const teams = t.dataSource.getRepository(Team);
    const name = async (id: number) => (await teams.findOneByOrFail({ id })).name;
    return { seasonId, week, before, games, contest, ann, bob, cat, dan, oldHome: await name(oldGame.home_team_id), name };
  }

  /** An address's e-mails about a week, their subjects without the pool's name. */
  const mailsOf = (one: Member, week: Week, subject: RegExp): Email[] =>
    smtp
      .to(one.email)
      .filter((mail) => subject.test(mail.subject ?? '') && mail.subject!.startsWith(`Week ${week.number}`))
      .map((mail) => ({ ...mail, subject: mail.subject!.replace(/ - Saturday Pool$/, '') }));
  const words = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, ' ');
  const settledPushes = async (where: object) => {
    const repository = t.dataSource.getRepository(PushDelivery);
    const deadline = Date.now() + 10_000;
    while (await repository.existsBy({ ...where, status: In(['queued', 'sending']) })) {
      if (Date.now() > deadline) throw new Error('push deliveries not settled');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return repository.find({ where });
  };

  it('reminds each entrant alive without a survivor pick once, by e-mail and push, in the pick reminder when pick\'em picks are missing too', async () => {
    const { week, games, contest, ann, bob, cat, dan } = await contestWeek([6, 30]);
    // Ann misses everything; Bob made his survivor pick but no pick'em ones; Cat made her pick'em picks only; Dan is out.
    await createSurvivorPick(t.dataSource, contest, games[0], bob.id);
    for (const one of [cat, dan]) {
      await createPick(t.dataSource, games[0], one.id);
      await createPick(t.dataSource, games[1], one.id, { tiebreaker_home_score: 21, tiebreaker_away_score: 14 });
    }
    const before = Date.now();
    const job = t.app.get(PickRemindersJob);
    // Twice: the second run finds everything sent or queued already.
    await job.execute({ weekId: week.id, slot: '24h', dueAt: new Date() });
    await job.execute({ weekId: week.id, slot: '24h', dueAt: new Date() });
    await settledDeliveries(t, { week_id: week.id, kind: 'reminder-24h' });
    await push.waitFor(() => [ann, cat].every((one) => push.to(one.device!.endpoint).length >= 1));
    await settledPushes({ week_id: week.id });

    const [annMail, ...annMore] = mailsOf(ann, week, /still to make/);
    expect(annMore).toEqual([]);
    expect(annMail.subject).toBe('Week 2: 2 picks and your survivor pick still to make');
    expect(annMail.text).toContain('Survivor: you have not made your survivor pick for week 2 yet.');
    expect(annMail.text).toContain(`${t.config.appUrl}/survivor`);
    expect(annMail.html).toContain(VIEWPORT);
    const [catMail, ...catMore] = mailsOf(cat, week, /still to make/);
    expect(catMore).toEqual([]);
    expect(catMail.subject).toBe('Week 2: your survivor pick still to make');
    expect(catMail.text).not.toContain('You have not picked these games yet');
    const [bobMail, ...bobMore] = mailsOf(bob, week, /still to make/);
    expect(bobMore).toEqual([]);
    expect(bobMail.subject).toBe('Week 2: 2 picks still to make');
    expect(bobMail.text).not.toContain('survivor');
    expect(mailsOf(dan, week, /./)).toEqual([]);

    const [annPush, ...annPushMore] = push.to(ann.device!.endpoint);
    expect(annPushMore).toEqual([]);
    expect(annPush.payload).toEqual(expect.objectContaining({ title: expect.stringMatching(/^[45] h left: 2 picks and your survivor pick to make in week 2$/), url: `/dashboard?week=${week.id}`, tag: `reminder-${week.id}` }));
    expect((annPush.payload as { body: string }).body).toMatch(/No Survivor pick for week 2 yet\.$/);
    const [catPush, ...catPushMore] = push.to(cat.device!.endpoint);
    expect(catPushMore).toEqual([]);
    expect(catPush.payload).toEqual({
      title: expect.stringMatching(/^(4|5) h left: your survivor pick to make in week 2$/),
      body: 'No Survivor pick for week 2 yet.',
      url: `/dashboard?week=${week.id}`,
      tag: `reminder-${week.id}`,
    });
    expect(catPush.urgency).toBe('high');
    // It expires when the week's last open game locks (29 h away), never later.
    const lastDeadline = games[1].game_date.getTime() - 3600_000;
    expect(catPush.ttl).toBeLessThanOrEqual(Math.ceil((lastDeadline - before) / 1000));
    expect(catPush.ttl).toBeGreaterThan(Math.floor((lastDeadline - Date.now()) / 1000) - 5);
    const rows = await t.dataSource.getRepository(NotificationDelivery).findBy({ week_id: week.id, kind: 'reminder-24h', user_id: In([ann.id, bob.id, cat.id, dan.id]) });
    expect(rows.map((row) => row.user_id).sort((a, b) => a! - b!)).toEqual([ann.id, bob.id, cat.id]);

    // The admin's "remind now" stays pick'em only: Cat gets nothing, Ann's says nothing of the survivor pick.
    await t.http.post(`/api/weeks/${week.id}/missing_picks/remind`).set(bearer(admin)).expect(200);
    await settledDeliveries(t, { week_id: week.id, kind: 'reminder-manual' });
    expect(mailsOf(cat, week, /still to make/)).toHaveLength(1);
    const [, manual] = mailsOf(ann, week, /still to make/);
    expect(manual.subject).toBe('Week 2: 2 picks still to make');
    expect(manual.text).not.toContain('survivor');
    expect(push.problems).toEqual([]);
  });

  it('the picks sheet lists each alive entrant\'s pick once its game is locked, and each team\'s share', async () => {
    const { week, games, contest, ann, bob, cat, dan, name } = await contestWeek([-2, 30]);
    const eve = await member('Eve');
    await enterSurvivor(t.dataSource, contest, [eve.id]);
    await createSurvivorPick(t.dataSource, contest, games[0], ann.id, games[0].away_team_id);
    await createSurvivorPick(t.dataSource, contest, games[0], bob.id, games[0].away_team_id);
    await createSurvivorPick(t.dataSource, contest, games[0], eve.id, games[0].home_team_id);
    // Cat's pick is of the game still open: only that she picked.
    await createSurvivorPick(t.dataSource, contest, games[1], cat.id);
    await t.app.get(PicksSheetJob).execute({ weekId: week.id, slot: 'lock', dueAt: new Date() });
    await settledDeliveries(t, { week_id: week.id, kind: 'picks-sheet' });
    const [sheet, ...more] = mailsOf(ann, week, /picks sheet/);
    expect(more).toEqual([]);
    const [away, home] = [await name(games[0].away_team_id), await name(games[0].home_team_id)];
    const text = sheet.text!;
    const section = text.slice(text.indexOf('Survivor: 4 alive'));
    expect(section.split('\n').slice(0, 6)).toEqual([
      'Survivor: 4 alive',
      `  ${ann.name}: ${away}`,
      `  ${bob.name}: ${away}`,
      `  ${cat.name}: Picked`,
      `  ${eve.name}: ${home}`,
      `Picked: ${away} 2 (67%), ${home} 1 (33%)`,
    ]);
    expect(section).not.toContain(dan.name);
    // The pick'em grid is there too in a season that runs it.
    expect(text).toContain('Tiebreaker scores (away-home):');
    expect(sheet.html).toContain(VIEWPORT);
    expect(words(sheet.html!)).toContain(`Survivor: 4 alive ${ann.name} ${away}`);
    // Dan (out) gets the sheet too, as every member does.
    expect(mailsOf(dan, week, /picks sheet/)).toHaveLength(1);
  });

  it("the weekly e-mail tells how many are alive, who went out last week, and the member's own status", async () => {
    const { week, games, contest, ann, dan, oldHome } = await contestWeek([30, 31]);
    const outsider = await member('Outsider');
    await createSurvivorPick(t.dataSource, contest, games[0], ann.id);
    await t.http.post('/api/weekly_notifications/send').set(bearer(admin)).send({ week_id: week.id }).expect(200);
    await settledDeliveries(t, { week_id: week.id, kind: 'weekly' });
    const [annMail] = mailsOf(ann, week, /picks are open/);
    const home = (await t.dataSource.getRepository(Team).findOneByOrFail({ id: games[0].home_team_id })).name;
    expect(annMail.text).toContain(`Survivor: 3 of 4 alive. Out in week 1: ${dan.name}.\nYou are alive with 1 life left. Teams used: ${oldHome} (week 1), ${home} (week 2).`);
    expect(annMail.html).toContain(VIEWPORT);
    expect(words(annMail.html!)).toContain('Survivor: 3 of 4 alive.');
    const [danMail] = mailsOf(dan, week, /picks are open/);
    expect(danMail.text).toContain('You are out (after 0 weeks survived). Teams used:');
    // A member not entered gets the contest's lines but no status of their own.
    const [outsiderMail] = mailsOf(outsider, week, /picks are open/);
    expect(outsiderMail.text).toContain(`Survivor: 3 of 4 alive. Out in week 1: ${dan.name}.`);
    expect(outsiderMail.text).not.toContain('Teams used');
  });

  it("in a season without its pick'em only the survivor reminder and sections go out", async () => {
    const { week, games, contest, ann, bob, cat } = await contestWeek([6, 30], { pickem: false });
    const outsider = await member('Outsider');
    await createSurvivorPick(t.dataSource, contest, games[0], bob.id);
    await t.app.get(PickRemindersJob).execute({ weekId: week.id, slot: '24h', dueAt: new Date() });
    await settledDeliveries(t, { week_id: week.id, kind: 'reminder-24h' });
    expect(mailsOf(ann, week, /still to make/).map((mail) => mail.subject)).toEqual(['Week 2: your survivor pick still to make']);
    expect(mailsOf(cat, week, /still to make/).map((mail) => mail.subject)).toEqual(['Week 2: your survivor pick still to make']);
    expect(mailsOf(bob, week, /still to make/)).toEqual([]);
    expect(mailsOf(outsider, week, /still to make/)).toEqual([]);

    await t.app.get(PicksSheetJob).execute({ weekId: week.id, slot: 'lock', dueAt: new Date() });
    await settledDeliveries(t, { week_id: week.id, kind: 'picks-sheet' });
    const [sheet] = mailsOf(ann, week, /picks sheet/);
    expect(sheet.text).toContain("Here are everyone's survivor picks.");
    expect(sheet.text).toContain('Survivor: 3 alive');
    expect(sheet.text).not.toContain('Tiebreaker scores');

    await t.http.post('/api/weekly_notifications/send').set(bearer(admin)).send({ week_id: week.id }).expect(200);
    await settledDeliveries(t, { week_id: week.id, kind: 'weekly' });
    const [weekly] = mailsOf(ann, week, /picks are open/);
    expect(weekly.text).toContain('Make your survivor pick for the week.');
    expect(weekly.text).not.toContain('Pick the winner');
    expect(weekly.text).not.toContain('Tiebreaker game:');
    expect(weekly.text).toContain('Survivor: 3 of 4 alive.');
  });

});
