import type { Email } from 'postal-mime';
import { Game } from '../../src/games/entities/game.entity';
import { PickRemindersJob } from '../../src/jobs/pick-reminders.job';
import { PicksSheetJob } from '../../src/jobs/picks-sheet.job';
import { SeasonStanding } from '../../src/results/entities/season-standing.entity';
import type { User } from '../../src/users/entities/user.entity';
import { createGame, createPick, createSeason, createWeek, hoursFromNow } from '../support/factories';
import { settledDeliveries } from '../support/outbox';
import { linkIn, TestSmtpServer } from '../support/smtp';
import { bearer, TestApp } from '../support/test-app';

const PREFERENCES = '/api/me/notification_preferences';
const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click';
const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';
const NOT_VALID = { errors: ['This unsubscribe link is not valid'] };

const header = (message: Email, name: string): string | undefined => message.headers.find((line) => line.key === name)?.value;
/** The https link of a List-Unsubscribe header: `<URL>`. */
const unsubscribeLink = (message: Email): string => {
  const value = header(message, 'list-unsubscribe');
  const match = value?.match(/^<([^>]+)>$/);
  if (!match) throw new Error(`No one-click List-Unsubscribe in: ${value}`);
  return match[1];
};
/** The path and query of an absolute link, as supertest requests it. */
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

describe('E-mails and the notification preferences', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let admin: string;
  let seasonId: number;
  let weekNumber = 0;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    t = await TestApp.start({ SMTP_URL: smtp.url, APP_NAME: 'Saturday Pool' });
    admin = await t.adminToken();
    seasonId = (await createSeason(t.dataSource, { is_current: true })).id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  /** A valid week (10 open games, the last the tiebreaker) of the current season. */
  async function openWeek(): Promise<{ weekId: number; number: number; games: Game[] }> {
    const number = ++weekNumber;
    const { id: weekId } = await createWeek(t.dataSource, { number, football_season_id: seasonId });
    const games: Game[] = [];
    for (let i = 0; i < 10; i++) games.push(await createGame(t.dataSource, { week_id: weekId, game_date: hoursFromNow(72 + i), is_tiebreaker: i === 9 }));
    return { weekId, number, games };
  }

  const weeklyTo = (email: string, number: number) => smtp.to(email).filter((message) => message.subject?.startsWith(`Week ${number} picks are open`));
  const sendWeekly = (weekId: number) => t.http.post('/api/weekly_notifications/send').set(bearer(admin)).send({ week_id: weekId }).expect(200);
  const turnOff = (token: string, kind: string) => t.http.patch(PREFERENCES).set(bearer(token)).send({ [kind]: { email: false } }).expect(200);

  describe('the weekly e-mail', () => {
    let ann: { user: User; token: string };
    let ben: { user: User; token: string };

    beforeAll(async () => {
      ann = await t.member({ name: 'Ann' });
      ben = await t.member({ name: 'Ben' });
      const standings = t.dataSource.getRepository(SeasonStanding);
      await standings.save([
        standings.create({ football_season_id: seasonId, user_id: ben.user.id, rank: 1, total_wins: 6, total_losses: 2, total_games: 8, calculated_at: new Date() }),
        standings.create({ football_season_id: seasonId, user_id: ann.user.id, rank: 2, total_wins: 5, total_losses: 3, total_games: 8, calculated_at: new Date() }),
      ]);
    });

    it('is personal, fits a phone, and carries a one-click unsubscribe that turns it off for the next week', async () => {
      const week = await openWeek();
      await createPick(t.dataSource, week.games[0], ann.user.id);
      await createPick(t.dataSource, week.games[1], ann.user.id);
      await sendWeekly(week.weekId);
      await settledDeliveries(t, { week_id: week.weekId });

      const [mail] = weeklyTo(ann.user.email, week.number);
      expect(mail.text).toContain('You are 2nd of 2 in the season standings, 5-3.');
      expect(mail.text).toContain('You still have 8 of 10 games open for picks to make and the tiebreaker score.');
      expect(mail.text).toContain('Manage e-mails: http://pool.test/profile#notifications');
      expect(mail.html).toContain(VIEWPORT);
      expect(mail.html).toContain('href="http://pool.test/profile#notifications"');
      expect(mail.html).toContain('max-width: 600px');
      const [bens] = weeklyTo(ben.user.email, week.number);
      expect(bens.text).toContain('You are 1st of 2 in the season standings, 6-2.');
      expect(bens.text).toContain('You have not picked yet: 10 games open for picks and the tiebreaker score.');

      // RFC 8058: the signed https link of this member and kind, and the one-click POST header.
      const link = unsubscribeLink(mail);
      expect(link).toMatch(/^http:\/\/pool\.test\/api\/unsubscribe\?token=[A-Za-z0-9_-]+$/);
      expect(header(mail, 'list-unsubscribe-post')).toBe(ONE_CLICK_BODY);
      expect(unsubscribeLink(bens)).not.toBe(link);
      expect(mail.text).toContain(`Unsubscribe from these e-mails: ${link}`);

      // As a mail provider sends it: no session, a form body.
      const answer = await t.http.post(pathOf(link)).type('form').send(ONE_CLICK_BODY).expect(200);
      expect(answer.body).toEqual({ kind: 'weekly_email', email: false });
      expect((await t.http.get(PREFERENCES).set(bearer(ann.token)).expect(200)).body.weekly_email).toEqual({ email: false, push: false });
      // Again is fine (a provider may retry).
      await t.http.post(pathOf(link)).type('form').send(ONE_CLICK_BODY).expect(200);

      const next = await openWeek();
      const sent = await sendWeekly(next.weekId);
      await settledDeliveries(t, { week_id: next.weekId });
      expect(weeklyTo(ben.user.email, next.number)).toHaveLength(1);
      expect(weeklyTo(ann.user.email, next.number)).toHaveLength(0);
      expect(sent.body.skipped_count).toBe(1);
    });

    it('accepts the one-click POST as multipart form data too', async () => {
      const week = await openWeek();
      await sendWeekly(week.weekId);
      await settledDeliveries(t, { week_id: week.weekId });
      const [mail] = weeklyTo(ben.user.email, week.number);
      await t.http.post(pathOf(unsubscribeLink(mail))).field('List-Unsubscribe', 'One-Click').expect(200);
      expect((await t.http.get(PREFERENCES).set(bearer(ben.token)).expect(200)).body.weekly_email.email).toBe(false);
      await t.http.patch(PREFERENCES).set(bearer(ben.token)).send({ weekly_email: { email: true } }).expect(200);
    });
  });

  describe('the unsubscribe link', () => {
    let member: { user: User; token: string };
    let link: string;

    beforeAll(async () => {
      member = await t.member();
      const week = await openWeek();
      await t.app.get(PickRemindersJob).execute({ weekId: week.weekId, slot: '24h', dueAt: new Date() });
      await settledDeliveries(t, { week_id: week.weekId });
      const [reminder] = smtp.to(member.user.email);
      expect(reminder.subject).toMatch(/still to make/);
      link = unsubscribeLink(reminder);
    });

    it('answers GET with a page whose button POSTs, and changes nothing (link scanners prefetch)', async () => {
      const page = await t.http.get(pathOf(link)).expect(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.text).toContain(VIEWPORT);
      expect(page.text).toContain(`<form method="post" action="${pathOf(link)}">`);
      expect(page.text).toContain('name="List-Unsubscribe" value="One-Click"');
      expect(page.text).toContain('pick reminder e-mails');
      expect((await t.http.get(PREFERENCES).set(bearer(member.token)).expect(200)).body.reminders.email).toBe(true);
    });

    it("answers the browser form's POST with a page", async () => {
      const page = await t.http.post(pathOf(link)).set('Accept', 'text/html').type('form').send(ONE_CLICK_BODY).expect(200);
      expect(page.text).toContain('You will no longer get pick reminder e-mails from Saturday Pool.');
      expect((await t.http.get(PREFERENCES).set(bearer(member.token)).expect(200)).body.reminders).toEqual({ email: false, push: false });
      await t.http.patch(PREFERENCES).set(bearer(member.token)).send({ reminders: { email: true } }).expect(200);
    });

    it('refuses a forged, altered or missing token with 404, for GET and POST alike', async () => {
      const token = new URL(link).searchParams.get('token')!;
      const bytes = Buffer.from(token, 'base64url');
      bytes[3] ^= 1;
      for (const bad of [bytes.toString('base64url'), 'not-a-token', `${token}A`, '']) {
        expect((await t.http.post(`/api/unsubscribe?token=${bad}`).type('form').send(ONE_CLICK_BODY).expect(404)).body).toEqual(NOT_VALID);
        expect((await t.http.get(`/api/unsubscribe?token=${bad}`).expect(404)).body).toEqual(NOT_VALID);
      }
      expect((await t.http.post('/api/unsubscribe').expect(404)).body).toEqual(NOT_VALID);
      expect((await t.http.get(PREFERENCES).set(bearer(member.token)).expect(200)).body.reminders.email).toBe(true);
    });

    it('reads form bodies on the unsubscribe route only', async () => {
      await t.http.post('/api/users/login').type('form').send('email=a@b.test&password=x').expect(415);
    });
  });

  describe('each kind honours its e-mail channel', () => {
    let keen: { user: User; token: string };
    let quiet: { user: User; token: string };
    let week: { weekId: number; number: number; games: Game[] };

    beforeAll(async () => {
      keen = await t.member();
      quiet = await t.member();
      week = await openWeek();
    });

    const received = (member: { user: User }, subject: RegExp) => smtp.to(member.user.email).filter((message) => subject.test(message.subject ?? ''));

    it('pick reminders: scheduled and the admin\'s "remind now"', async () => {
      await turnOff(quiet.token, 'reminders');
      await t.app.get(PickRemindersJob).execute({ weekId: week.weekId, slot: '24h', dueAt: new Date() });
      const manual = await t.http.post(`/api/weeks/${week.weekId}/missing_picks/remind`).set(bearer(admin)).expect(200);
      await settledDeliveries(t, { week_id: week.weekId });
      expect(received(keen, new RegExp(`^Week ${week.number}: .*still to make`))).toHaveLength(2);
      expect(received(quiet, new RegExp(`^Week ${week.number}: .*still to make`))).toHaveLength(0);
      expect(manual.body.skipped_count).toBeGreaterThanOrEqual(1);
      const [reminder] = received(keen, /still to make/);
      expect(reminder.html).toContain(VIEWPORT);
      expect(header(reminder, 'list-unsubscribe-post')).toBe(ONE_CLICK_BODY);
    });

    it('the picks sheet', async () => {
      await turnOff(quiet.token, 'picks_sheet');
      await t.app.get(PicksSheetJob).execute({ weekId: week.weekId, slot: 'sheet', dueAt: new Date() });
      await settledDeliveries(t, { week_id: week.weekId });
      const [sheet] = received(keen, new RegExp(`^Week ${week.number} picks sheet`));
      expect(sheet.html).toContain(VIEWPORT);
      expect(unsubscribeLink(sheet)).toMatch(/\/api\/unsubscribe\?token=/);
      expect(received(quiet, new RegExp(`^Week ${week.number} picks sheet`))).toHaveLength(0);
    });

    it("an admin's change of the member's pick: a manage link, no one-click", async () => {
      await turnOff(quiet.token, 'pick_overrides');
      const [game] = week.games;
      const keenPick = await createPick(t.dataSource, game, keen.user.id);
      const quietPick = await createPick(t.dataSource, game, quiet.user.id);
      const away = (await t.http.get(`/api/games/${game.id}`).set(bearer(admin)).expect(200)).body.away_team.name as string;
      for (const pick of [keenPick, quietPick]) await t.http.patch(`/api/picks/${pick.id}`).set(bearer(admin)).send({ selected_winner: away }).expect(200);
      await settledDeliveries(t, { kind: 'pick-changed' });
      const [changed] = received(keen, /An admin changed your pick/);
      expect(changed.text).toContain('Manage e-mails: http://pool.test/profile#notifications');
      expect(header(changed, 'list-unsubscribe')).toBeUndefined();
      expect(received(quiet, /An admin changed your pick/)).toHaveLength(0);
    });

    it('security e-mails always go, with no unsubscribe', async () => {
      await t.http.patch(PREFERENCES).set(bearer(quiet.token)).send({ weekly_email: { email: false } }).expect(200);
      await t.http.post('/api/password_resets').send({ email: quiet.user.email }).expect(200);
      await settledDeliveries(t, { kind: 'password-reset', user_id: quiet.user.id }, 10_000, 1);
      const [reset] = received(quiet, /Reset your password/);
      expect(reset.html).toContain(VIEWPORT);
      expect(linkIn(reset, '/reset-password')).toBeTruthy();
      expect(header(reset, 'list-unsubscribe')).toBeUndefined();
      expect(reset.text).not.toContain('Manage e-mails');
    });
  });

  // Last: it uses up this address's allowance of failures.
  it('throttles an address that tries made-up links, as the other e-mailed links are', async () => {
    let answer = await t.http.post('/api/unsubscribe?token=made-up').type('form').send(ONE_CLICK_BODY);
    for (let tries = 1; answer.status === 404 && tries <= 40; tries++) answer = await t.http.post(`/api/unsubscribe?token=made-up-${tries}`).type('form').send(ONE_CLICK_BODY);
    expect(answer.status).toBe(429);
    expect(answer.headers['retry-after']).toBeDefined();
    expect(answer.body.errors[0]).toMatch(/^Too many requests/);
  });
});
