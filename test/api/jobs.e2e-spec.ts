import { SchedulerRegistry } from '@nestjs/schedule';
import type { Email } from 'postal-mime';
import { Clock } from '../../src/common/clock';
import { Game } from '../../src/games/entities/game.entity';
import { JobRun } from '../../src/jobs/entities/job-run.entity';
import { JobRunnerService } from '../../src/jobs/job-runner.service';
import { JOB_CHECK_NAME } from '../../src/jobs/job-scheduler.service';
import { LiveBoardService } from '../../src/live/live-board.service';
import { NotificationDelivery } from '../../src/mail/entities/notification-delivery.entity';
import type { ContentionDto, ContentionStatus } from '../../src/results/dto/contention.dto';
import { Team } from '../../src/teams/entities/team.entity';
import { User } from '../../src/users/entities/user.entity';
import { createGame, createPick, createSeason, createWeek } from '../support/factories';
import { settledDeliveries } from '../support/outbox';
import { TestSmtpServer } from '../support/smtp';
import { bearer, TestApp } from '../support/test-app';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The real "now" on a whole second (MariaDB DATETIME keeps no milliseconds); tests move the clock from here. */
const NOW = Math.floor(Date.now() / 1000) * 1000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Two app instances on one database (one SQLite file, or one MariaDB database in CI), both running the jobs at
 * the same moments: every reminder and every picks sheet must reach each member exactly once.
 */
describe('Scheduled jobs', () => {
  let smtp: TestSmtpServer;
  let a: TestApp;
  let b: TestApp;
  let ann: User;
  let bob: User;
  let cat: User;
  let weekNumber = 0;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    const env = { SMTP_URL: smtp.url, APP_NAME: 'Saturday Pool', REMINDER_HOURS: '24,2', MAIL_MAX_ATTEMPTS: '2', MAIL_RETRY_DELAY: '50ms' };
    a = await TestApp.start(env);
    b = await TestApp.startBeside(a, env);
    ann = await a.createUser({ name: 'Ann Picksall' });
    bob = await a.createUser({ name: 'Bob Halfway' });
    cat = await a.createUser({ name: 'Cat Nopicks' });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await smtp.stop();
  });
  afterEach(() => jest.restoreAllMocks());

  const instances = () => [a, b];
  /** Both instances' clocks at the same instant. */
  const setClock = (at: number) => instances().forEach((app) => jest.spyOn(app.app.get(Clock), 'now').mockImplementation(() => new Date(at)));
  /** Both instances check their jobs at the same moment. */
  const tickBoth = () => Promise.all(instances().map((app) => app.app.get(JobRunnerService).tick()));
  /** The week's e-mails, once each was delivered (by either instance) or failed for good. */
  const settled = (week_id: number) => settledDeliveries(a, { week_id });
  const members = () => a.dataSource.getRepository(User).findBy({ role: 'user' });
  const runs = (week_id: number) => a.dataSource.getRepository(JobRun).find({ where: { week_id }, order: { id: 'ASC' } });
  const deliveries = (week_id: number) => a.dataSource.getRepository(NotificationDelivery).find({ where: { week_id }, order: { id: 'ASC' } });
  const mailOf = (user: User, number: number, subject: string): Email[] =>
    smtp.to(user.email).filter((message) => new RegExp(`^Week ${number}\\b`).test(message.subject ?? '') && message.subject!.includes(subject));
  const reminders = (user: User, number: number) => mailOf(user, number, 'still to make');

  /**
   * A week whose games kick off `inDays` from now, three hours apart (the last is the tiebreaker), with dates
   * around them so the week is current then (of a new season on the spec's rules unless one is given). Ann picks
   * everything, Bob only the first game, Cat nothing.
   */
  async function week(inDays: number, football_season_id?: number) {
    const number = ++weekNumber;
    const kickoff = NOW + inDays * DAY;
    const { id: week_id } = await createWeek(a.dataSource, { number, start_date: isoDate(kickoff - 3 * DAY), end_date: isoDate(kickoff + 3 * DAY), football_season_id });
    const games: Game[] = [];
    for (let i = 0; i < 3; i++) games.push(await createGame(a.dataSource, { week_id, game_date: new Date(kickoff + i * 3 * HOUR), is_tiebreaker: i === 2 }));
    for (const game of games) await createPick(a.dataSource, game, ann.id, game.is_tiebreaker ? { tiebreaker_home_score: 30, tiebreaker_away_score: 27 } : {});
    await createPick(a.dataSource, games[0], bob.id);
    /** The first pick deadline, 1 hour before the first kickoff; the last one, before the last kickoff. */
    return { week_id, number, games, firstDeadline: kickoff - HOUR, lastDeadline: kickoff + 6 * HOUR - HOUR };
  }

  it('sends each member who has open games to pick exactly one reminder, however many instances run the job', async () => {
    const { week_id, number, games, firstDeadline } = await week(10);
    const pool = await members();
    const behind = pool.filter((member) => member.id !== ann.id);

    setClock(firstDeadline - 25 * HOUR);
    await tickBoth();
    expect(await runs(week_id)).toEqual([]);

    setClock(firstDeadline - 24 * HOUR + 30 * 1000);
    await Promise.all([tickBoth(), tickBoth()]);
    await settled(week_id);
    for (const member of behind) expect(reminders(member, number)).toHaveLength(1);
    expect(reminders(ann, number)).toHaveLength(0);
    expect(reminders(cat, number)[0].subject).toBe(`Week ${number}: 3 picks still to make - Saturday Pool`);
    expect(reminders(bob, number)[0].subject).toBe(`Week ${number}: 2 picks still to make - Saturday Pool`);
    expect(reminders(cat, number)[0].text).toContain('http://pool.test/dashboard');

    const [run] = await runs(week_id);
    expect(run).toEqual(expect.objectContaining({ job: 'pick-reminders', slot: '24h', status: 'succeeded', attempts: 1, sent_count: behind.length, failed_count: 0 }));
    expect((await runs(week_id)).length).toBe(1);
    expect((await deliveries(week_id)).map((row) => [row.user_id, row.kind, row.status])).toEqual(
      expect.arrayContaining(behind.map((member) => [member.id, 'reminder-24h', 'sent'])),
    );
    expect((await deliveries(week_id)).length).toBe(behind.length);

    // Later checks of the same slot send nothing more.
    setClock(firstDeadline - 23 * HOUR);
    await tickBoth();
    await settled(week_id);
    for (const member of behind) expect(reminders(member, number)).toHaveLength(1);

    // Bob catches up; at 2 hours before the deadline only the others hear again.
    for (const game of games.slice(1)) await createPick(a.dataSource, game, bob.id, game.is_tiebreaker ? { tiebreaker_home_score: 14, tiebreaker_away_score: 10 } : {});
    setClock(firstDeadline - 2 * HOUR + 5 * 1000);
    await tickBoth();
    await settled(week_id);
    expect(reminders(bob, number)).toHaveLength(1);
    expect(reminders(ann, number)).toHaveLength(0);
    for (const member of behind.filter((member) => member.id !== bob.id)) expect(reminders(member, number)).toHaveLength(2);
    expect((await runs(week_id)).map((row) => [row.slot, row.status])).toEqual([
      ['24h', 'succeeded'],
      ['2h', 'succeeded'],
    ]);
  });

  it("e-mails every member the week's picks sheet once, when its last game locks, with who can still win", async () => {
    const { week_id, number, games, lastDeadline } = await week(20);
    const pool = await members();
    const teams = a.dataSource.getRepository(Team);
    const home = await teams.findOneByOrFail({ id: games[0].home_team_id });

    // Who can still win comes from the live board's contention (its own tests check the race); here, fixed answers.
    const race = (scope: 'week' | 'season', statuses: ContentionStatus[]): ContentionDto => ({
      scope,
      method: 'bound',
      undecided_games: 3,
      open_games: 0,
      outcomes: null,
      contenders: [ann, bob, cat].map((member, i) => ({ user: { id: member.id, name: member.name }, current: 0, max: 3, status: statuses[i], paths: null, more_paths: 0 })),
    });
    const contention = { week: race('week', ['can_win', 'can_win', 'eliminated']), season: race('season', ['can_win', 'can_win', 'can_win']) };
    const spies = instances().map((app) => jest.spyOn(app.app.get(LiveBoardService), 'contention').mockResolvedValue(contention));

    setClock(lastDeadline - MINUTE);
    await tickBoth();
    for (const member of pool) expect(mailOf(member, number, 'picks sheet')).toHaveLength(0);

    setClock(lastDeadline + MINUTE);
    await Promise.all([tickBoth(), tickBoth()]);
    setClock(lastDeadline + 2 * HOUR);
    await tickBoth();
    await settled(week_id);
    for (const member of pool) expect(mailOf(member, number, 'picks sheet')).toHaveLength(1);
    const sheet = mailOf(cat, number, 'picks sheet')[0];
    expect(sheet.subject).toBe(`Week ${number} picks sheet - Saturday Pool`);
    for (const part of [sheet.html!, sheet.text!]) {
      for (const member of [ann, bob, cat]) expect(part).toContain(member.name);
      expect(part).toContain(home.name);
      expect(part).toContain('27-30');
      expect(part).toContain('http://pool.test/dashboard');
    }
    for (const part of [sheet.text!, sheet.html!.replace(/\s+/g, ' ')]) {
      expect(part).toContain(`Can still win week ${number}: Ann Picksall and Bob Halfway (2 of 3)`);
      expect(part).toContain('Everyone is still alive for the season.');
    }
    expect(spies.flatMap((spy) => spy.mock.calls)).toContainEqual([week_id]);
    expect(sheet.text).toMatch(new RegExp(`${home.name}: .*Ann Picksall, Bob Halfway`));
    expect(sheet.text).toMatch(/No pick: .*Cat Nopicks/);
    expect((await runs(week_id)).filter((row) => row.job === 'picks-sheet')).toEqual([
      expect.objectContaining({ slot: 'lock', status: 'succeeded', sent_count: pool.length }),
    ]);
  });

  it("names who can still win from the live board's own race once the week locks", async () => {
    // Ann picked the home side of all three games (tiebreaker 30–27), Bob the home side of the first, Cat nothing.
    // Nothing is decided; every outcome of the three games: Ann's points (home wins) are never below Bob's (he
    // scores only when the first game goes home, as Ann does) nor Cat's 0, and on equal points Ann's tiebreaker
    // prediction beats none. Ann is first in every outcome: she has clinched the week, and the season too (this
    // week is its only one).
    const { week_id, number, lastDeadline } = await week(30);
    setClock(lastDeadline + MINUTE);
    await tickBoth();
    await settled(week_id);
    const sheet = mailOf(bob, number, 'picks sheet')[0];
    for (const part of [sheet.text!, sheet.html!.replace(/\s+/g, ' ')]) {
      expect(part).toContain(`Ann Picksall has clinched week ${number}.`);
      expect(part).toContain('Ann Picksall has clinched the season.');
    }
  });

  it('after downtime sends only the latest reminder that is due', async () => {
    const { week_id, number, firstDeadline } = await week(30);
    setClock(firstDeadline - HOUR);
    await tickBoth();
    await settled(week_id);
    expect(reminders(cat, number)).toHaveLength(1);
    expect((await runs(week_id)).map((row) => [row.slot, row.status]).sort()).toEqual([
      ['24h', 'skipped'],
      ['2h', 'succeeded'],
    ]);
    expect((await deliveries(week_id)).every((row) => row.kind === 'reminder-2h')).toBe(true);
  });

  it('finishes a run once its e-mails are queued; a refused e-mail fails for good on its own and is not queued again by the job', async () => {
    const { week_id, number, firstDeadline } = await week(40);
    const behind = (await members()).filter((member) => member.id !== ann.id);
    setClock(firstDeadline - 24 * HOUR);
    smtp.refuse.add(cat.email);
    try {
      await a.app.get(JobRunnerService).tick();
      await settled(week_id);
    } finally {
      smtp.refuse.clear();
    }
    expect(await runs(week_id)).toEqual([expect.objectContaining({ status: 'succeeded', attempts: 1, sent_count: behind.length, failed_count: 0 })]);
    // The clock moved on by days: the admin's session of the start ended (30 minutes unused), so the admin signs in again.
    const jobs = (await a.http.get('/api/jobs').set(bearer(await a.adminToken())).expect(200)).body;
    expect(jobs.find((job: { name: string }) => job.name === 'pick-reminders').last_run).toEqual(
      expect.objectContaining({ week_id, week_number: number, slot: '24h', status: 'succeeded', sent_count: behind.length }),
    );
    expect(reminders(cat, number)).toHaveLength(0);
    const catRow = (await deliveries(week_id)).find((row) => row.user_id === cat.id)!;
    expect(catRow).toEqual(expect.objectContaining({ status: 'failed', attempts: 1, error: expect.stringMatching(/550|unavailable/) }));

    setClock(firstDeadline - 24 * HOUR + MINUTE);
    await tickBoth();
    await settled(week_id);
    for (const member of behind.filter((member) => member.id !== cat.id)) expect(reminders(member, number)).toHaveLength(1);
    expect(reminders(cat, number)).toHaveLength(0);
    expect((await runs(week_id)).length).toBe(1);
  });

  it.each([
    [true, 50],
    [false, 55],
  ])("a season with commissioner_plays %s: the admin who has not picked gets the reminder and the picks sheet only when they play", async (plays, inDays) => {
    const { id: seasonId } = await createSeason(a.dataSource, { commissioner_plays: plays });
    const { week_id, number, firstDeadline, lastDeadline } = await week(inDays, seasonId);
    const users = a.dataSource.getRepository(User);
    await users.update({ role: 'admin' }, { name: 'Commissioner Cole' });
    const commissioner = await users.findOneByOrFail({ role: 'admin' });

    setClock(firstDeadline - 2 * HOUR + 5 * 1000);
    await tickBoth();
    setClock(lastDeadline + MINUTE);
    await tickBoth();
    await settled(week_id);
    expect(reminders(commissioner, number)).toHaveLength(plays ? 1 : 0);
    expect(reminders(cat, number)).toHaveLength(1);
    expect(mailOf(commissioner, number, 'picks sheet')).toHaveLength(plays ? 1 : 0);
    const sheet = mailOf(cat, number, 'picks sheet')[0].text!;
    // The sheet's rows are the week's players: the commissioner's (no pick) only where they play.
    expect(sheet.includes('Commissioner Cole')).toBe(plays);
    const players = (await members()).length + (plays ? 1 : 0);
    expect((await runs(week_id)).map((row) => [row.job, row.status, row.sent_count])).toEqual(
      expect.arrayContaining([
        ['pick-reminders', 'succeeded', players - 1],
        ['picks-sheet', 'succeeded', players],
      ]),
    );
  });

  it("shows each job's schedule and next run at GET /api/jobs (admins only)", async () => {
    const { week_id, firstDeadline, lastDeadline } = await week(1.2);
    setClock(NOW);
    // A sign-in while the clock stood days on ended (and swept) the admin's first session: the admin signs in again.
    const { body } = await a.http.get('/api/jobs').set(bearer(await a.adminToken())).expect(200);
    expect(body.map((job: { name: string }) => job.name)).toEqual(['pick-reminders', 'picks-sheet']);
    const [reminderJob, sheetJob] = body;
    expect(reminderJob).toEqual(
      expect.objectContaining({
        schedule: "24 h, 2 h before each week's first pick deadline (checked every minute)",
        enabled: false,
        next_run: { week_id, slot: '24h', at: new Date(firstDeadline - 24 * HOUR).toISOString() },
      }),
    );
    expect(sheetJob).toEqual(expect.objectContaining({ enabled: false, next_run: { week_id, slot: 'lock', at: new Date(lastDeadline).toISOString() } }));
    const { token } = await a.member();
    await a.http.get('/api/jobs').set(bearer(token)).expect(403);
    await a.http.get('/api/jobs').expect(401);
  });

  it('checks every minute with SCHEDULER_ENABLED, and not at all without', async () => {
    expect(a.app.get(SchedulerRegistry).getIntervals()).toEqual([]);
    const scheduled = await TestApp.start({ SCHEDULER_ENABLED: 'true' });
    try {
      expect(scheduled.app.get(SchedulerRegistry).getIntervals()).toEqual([JOB_CHECK_NAME]);
      const jobs = (await scheduled.http.get('/api/jobs').set(bearer(await scheduled.adminToken())).expect(200)).body;
      expect(jobs.every((job: { enabled: boolean }) => job.enabled)).toBe(true);
    } finally {
      await scheduled.close();
    }
  });
});
