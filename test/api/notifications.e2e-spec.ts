import type { Email } from 'postal-mime';
import { Game } from '../../src/games/entities/game.entity';
import { NotificationDelivery } from '../../src/mail/entities/notification-delivery.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { LiveBoardService } from '../../src/live/live-board.service';
import type { ContentionDto } from '../../src/results/dto/contention.dto';
import { User } from '../../src/users/entities/user.entity';
import { createGame, createPick, createSeason, createTeam, createWeek, hoursFromNow } from '../support/factories';
import { settledDeliveries } from '../support/outbox';
import { SilentSmtpServer, TestSmtpServer } from '../support/smtp';
import { bearer, PASSWORD, TestApp } from '../support/test-app';

/** Kickoffs far enough ahead that every pick window is open, on fixed instants so the e-mails can be read exactly. */
const KICKOFF = Date.parse('2030-09-07T16:00:00Z');
const HOUR = 3600 * 1000;
/** An instant `hours` from now on a whole second (MariaDB DATETIME keeps no milliseconds). */
const wholeHoursFromNow = (hours: number) => new Date(Math.floor(hoursFromNow(hours).getTime() / 1000) * 1000);

describe('Weekly notifications and missing picks', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let admin: string;
  let weekNumber = 20;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    t = await TestApp.start({
      SMTP_URL: smtp.url,
      APP_NAME: 'Saturday Pool',
      TZ_DISPLAY: 'America/Chicago',
      MAIL_CONCURRENCY: '3',
      MAIL_MAX_ATTEMPTS: '2',
      MAIL_RETRY_DELAY: '50ms',
    });
    admin = await t.adminToken();
    for (let i = 0; i < 3; i++) await t.createUser();
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const get = (path: string, token = admin) => t.http.get(path).set(bearer(token));
  const send = (week_id: number) => t.http.post('/api/weekly_notifications/send').set(bearer(admin)).send({ week_id });
  const members = () => t.dataSource.getRepository(User).find({ where: { role: 'user' }, order: { id: 'ASC' } });
  const deliveries = (week_id: number) => t.dataSource.getRepository(NotificationDelivery).find({ where: { week_id }, order: { user_id: 'ASC' } });
  /** The week's e-mails once each was delivered or failed for good, by member. */
  const delivered = async (week_id: number) => (await settledDeliveries(t, { week_id })).sort((x, y) => x.user_id! - y.user_id!);
  /** What an address received about one week (the subject names it). */
  const mailOf = (email: string, week: number, subject = 'picks are open'): Email[] =>
    smtp.to(email).filter((message) => new RegExp(`^Week ${week}\\b`).test(message.subject ?? '') && message.subject!.includes(subject));

  /**
   * A week of `count` games, kicking off an hour apart from KICKOFF, listed here out of kickoff order. The game
   * at KICKOFF is #5 Away Tigers at #12 Home Owls with Home Owls favoured by 7.5; the last one is the tiebreaker.
   * Its season is a new one on the spec's rules unless one is given.
   */
  async function week(count = 10, tiebreakers = 1, football_season_id?: number) {
    const number = ++weekNumber;
    const { id: week_id } = await createWeek(t.dataSource, { number, football_season_id });
    const games: Game[] = [];
    for (let i = count - 1; i >= 0; i--) {
      const featured = i === 0;
      const home = await createTeam(t.dataSource, featured ? { name: `Home Owls ${number}` } : {});
      const away = await createTeam(t.dataSource, featured ? { name: `Away Tigers ${number}` } : {});
      games.unshift(
        await createGame(t.dataSource, {
          week_id,
          home_team_id: home.id,
          away_team_id: away.id,
          game_date: new Date(KICKOFF + i * HOUR),
          is_tiebreaker: i >= count - tiebreakers,
          ...(featured ? { home_team_ranking: 12, away_team_ranking: 5, betting_line: 7.5, betting_line_team: 'home' as const } : {}),
        }),
      );
    }
    return { week_id, number, games };
  }

  /** An e-mail's HTML as the words a reader sees: tags dropped, spaces collapsed. */
  const words = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, ' ');

  /**
   * A calculated week of three games in a season, picked by the first three members (m0, m1, m2), HAND-CHECKED:
   * G1 home wins, G2 away wins, G3 (the tiebreaker) home 20–10.
   * - m0: G1 home ✓, G2 away ✓, G3 home ✓ predicting 21–10 (distance 1): 3 of 3, a perfect week.
   * - m1: G1 home ✓, G2 home ✗, G3 home ✓ predicting 24–10 (distance 4).
   * - m2: G1 away ✗, G2 home ✗, G3 away ✗ predicting 20–13 (distance 3).
   * Contrarian: G1 home 2 of 3, G2 away 1 of 3 (m0, 33.3%), G3 home 2 of 3 → G2's away side, m0, 33.3%.
   * Closest tiebreaker: m0, off by 1.
   */
  async function calculatedWeek(football_season_id: number) {
    const pool = (await members()).slice(0, 3);
    const { id: week_id } = await createWeek(t.dataSource, { number: ++weekNumber, football_season_id });
    const games: Game[] = [];
    for (let i = 0; i < 3; i++) games.push(await createGame(t.dataSource, { week_id, game_date: new Date(KICKOFF - 7 * 24 * HOUR + i * HOUR), is_tiebreaker: i === 2 }));
    const [g1, g2, g3] = games;
    const tiebreaker = (home: number, away: number) => ({ tiebreaker_home_score: home, tiebreaker_away_score: away });
    await createPick(t.dataSource, g1, pool[0].id);
    await createPick(t.dataSource, g2, pool[0].id, { selected_team_id: g2.away_team_id });
    await createPick(t.dataSource, g3, pool[0].id, tiebreaker(21, 10));
    await createPick(t.dataSource, g1, pool[1].id);
    await createPick(t.dataSource, g2, pool[1].id);
    await createPick(t.dataSource, g3, pool[1].id, tiebreaker(24, 10));
    await createPick(t.dataSource, g1, pool[2].id, { selected_team_id: g1.away_team_id });
    await createPick(t.dataSource, g2, pool[2].id);
    await createPick(t.dataSource, g3, pool[2].id, { selected_team_id: g3.away_team_id, ...tiebreaker(20, 13) });
    for (const [game, home_score, away_score] of [[g1, 30, 3], [g2, 7, 10], [g3, 20, 10]] as const) {
      await t.http.put(`/api/games/${game.id}`).set(bearer(admin)).send({ home_score, away_score }).expect(200);
    }
    await t.http.post(`/api/weekly_results/calculate/${week_id}`).set(bearer(admin)).expect(200);
    const teams = t.dataSource.getRepository(Team);
    const [away, home] = [(await teams.findOneByOrFail({ id: g2.away_team_id })).name, (await teams.findOneByOrFail({ id: g2.home_team_id })).name];
    return { number: weekNumber, pool, contrarian: { away, home } };
  }

  describe('validate', () => {
    it('is valid with exactly 10 games and 1 tiebreaker, and says what is wrong otherwise', async () => {
      const valid = await week();
      expect((await get(`/api/weekly_notifications/validate?week_id=${valid.week_id}`).expect(200)).body).toEqual({
        isValid: true,
        gamesCount: 10,
        tiebreakerCount: 1,
        message: `Week ${valid.number} is ready: 10 games with 1 tiebreaker`,
      });
      const short = await week(8, 0);
      expect((await get(`/api/weekly_notifications/validate?week_id=${short.week_id}`).expect(200)).body).toEqual({
        isValid: false,
        gamesCount: 8,
        tiebreakerCount: 0,
        message: 'Week must have exactly 10 games with 1 tiebreaker (found 8 games, 0 tiebreakers)',
      });
    });

    it('needs an existing week', async () => {
      expect((await get('/api/weekly_notifications/validate').expect(400)).body.errors[0]).toBe('week_id is required and must be a whole number');
      await get('/api/weekly_notifications/validate?week_id=abc').expect(400);
      expect((await get('/api/weekly_notifications/validate?week_id=999999').expect(404)).body.errors).toEqual(['Week not found']);
    });
  });

  describe('preview', () => {
    it('answers the games in kickoff order and the e-mail a member receives, sending nothing', async () => {
      const { week_id, number, games } = await week();
      const before = smtp.messages.length;
      const { body } = await get(`/api/weekly_notifications/preview?week_id=${week_id}`).expect(200);
      expect(body).toEqual(
        expect.objectContaining({ week_id, week_number: number, user_name: 'Admin', games_count: 10, subject: `Week ${number} picks are open - Saturday Pool` }),
      );
      const last = games[9];
      const names = async (game: Game) => {
        const teams = t.dataSource.getRepository(Team);
        return [(await teams.findOneByOrFail({ id: game.away_team_id })).name, (await teams.findOneByOrFail({ id: game.home_team_id })).name];
      };
      const [lastAway, lastHome] = await names(last);
      expect(body.tiebreaker_game).toBe(`${lastAway} @ ${lastHome}`);
      expect(body.games.map((game: { game_id: number }) => game.game_id)).toEqual(games.map((game) => game.id));
      expect(body.games[0]).toEqual({
        game_id: games[0].id,
        away_team: `Away Tigers ${number}`,
        home_team: `Home Owls ${number}`,
        away_team_ranking: 5,
        home_team_ranking: 12,
        game_date: '2030-09-07T16:00:00.000Z',
        pick_deadline: '2030-09-07T15:00:00.000Z',
        betting_line: 7.5,
        betting_line_team: 'home',
        favored_team: `Home Owls ${number}`,
        line: `Home Owls ${number} by 7.5`,
        is_tiebreaker: false,
      });
      expect(body.games[9]).toEqual(expect.objectContaining({ is_tiebreaker: true, betting_line: null, line: 'No line' }));
      expect(body.html).toContain('Saturday Pool');
      expect(body.html).toContain(`#5 Away Tigers ${number}`);
      expect(body.html).toMatch(/Saturday, September 7, 2030 at 11:00\sAM/);
      expect(body.html).toContain('http://pool.test/dashboard');
      expect(body.html).toContain('Tiebreaker');
      expect(body.html).toContain('Hi Admin');
      expect(smtp.messages.length).toBe(before);
      expect(await deliveries(week_id)).toEqual([]);
    });

    it('is refused for a week that is not valid', async () => {
      const { week_id } = await week(9, 1);
      expect((await get(`/api/weekly_notifications/preview?week_id=${week_id}`).expect(422)).body.errors).toEqual([
        'Week must have exactly 10 games with 1 tiebreaker (found 9 games, 1 tiebreaker)',
      ]);
    });
  });

  describe("the season's games per week (docs/pool-formats.md)", () => {
    const validate = async (week_id: number) => (await get(`/api/weekly_notifications/validate?week_id=${week_id}`).expect(200)).body;

    it('8 games a week: exactly 8 with 1 tiebreaker, and the e-mail says so', async () => {
      const { id } = await createSeason(t.dataSource, { games_per_week: 8 });
      const eight = await week(8, 1, id);
      expect(await validate(eight.week_id)).toEqual({ isValid: true, gamesCount: 8, tiebreakerCount: 1, message: `Week ${eight.number} is ready: 8 games with 1 tiebreaker` });
      const ten = await week(10, 1, id);
      const refusal = 'Week must have exactly 8 games with 1 tiebreaker (found 10 games, 1 tiebreaker)';
      expect(await validate(ten.week_id)).toEqual({ isValid: false, gamesCount: 10, tiebreakerCount: 1, message: refusal });
      expect((await get(`/api/weekly_notifications/preview?week_id=${ten.week_id}`).expect(422)).body.errors).toEqual([refusal]);
      expect((await send(ten.week_id).expect(422)).body.errors).toEqual([refusal]);

      const { body } = await get(`/api/weekly_notifications/preview?week_id=${eight.week_id}`).expect(200);
      expect(body.games_count).toBe(8);
      expect(body.html).toContain("<strong>This season's rules</strong>");
      expect(body.html).toContain('<li>Each week has 8 games, one of them the tiebreaker.</li>');
    });

    it('every game of the week: at least 1 game with exactly 1 tiebreaker; the e-mail lists the rules', async () => {
      const { id } = await createSeason(t.dataSource, { games_per_week: null, drop_worst_weeks: 2 });
      const none = await week(13, 0, id);
      expect(await validate(none.week_id)).toEqual({
        isValid: false,
        gamesCount: 13,
        tiebreakerCount: 0,
        message: 'Week must have at least 1 game with 1 tiebreaker (found 13 games, 0 tiebreakers)',
      });
      const { week_id, number } = await week(13, 1, id);
      expect(await validate(week_id)).toEqual({ isValid: true, gamesCount: 13, tiebreakerCount: 1, message: `Week ${number} is ready: 13 games with 1 tiebreaker` });

      const pool = await members();
      await send(week_id).expect(200);
      await delivered(week_id);
      const text = mailOf(pool[0].email, number)[0].text!;
      expect(text).toContain("This season's rules:\n- Your worst 2 weeks are dropped from the season standings.\n- Every game of the week is on the card.\n");
      expect(text).toContain(`the 13 games of week ${number} are set`);
    });

    it("a season on the spec's rules lists no rules", async () => {
      const { week_id } = await week();
      const { body } = await get(`/api/weekly_notifications/preview?week_id=${week_id}`).expect(200);
      expect(body.html).not.toContain('rules');
    });
  });

  /** A current week with an open game, an open tiebreaker and a locked game, and three new members. */
  async function pickingWeek() {
    const number = ++weekNumber;
    const { id: week_id } = await createWeek(t.dataSource, { number });
    const open = await createGame(t.dataSource, { week_id, game_date: wholeHoursFromNow(72) });
    const tiebreaker = await createGame(t.dataSource, { week_id, game_date: wholeHoursFromNow(74), is_tiebreaker: true });
    await createGame(t.dataSource, { week_id, game_date: wholeHoursFromNow(0.5) });
    const ann = await t.createUser({ name: `Ann ${number}` });
    const bob = await t.createUser({ name: `Bob ${number}` });
    const cat = await t.createUser({ name: `Cat ${number}` });
    await createPick(t.dataSource, open, ann.id);
    await createPick(t.dataSource, tiebreaker, ann.id, { tiebreaker_home_score: 27, tiebreaker_away_score: 24 });
    await createPick(t.dataSource, open, bob.id);
    await createPick(t.dataSource, tiebreaker, bob.id);
    return { week_id, number, open, tiebreaker, ann, bob, cat };
  }
  type Entry = { user: { id: number; name: string; email: string }; missing: { game_id: number }[]; missing_tiebreaker: boolean; open_games: number };

  describe('send', () => {
    it("e-mails every member the week's games once, records each delivery, and sends nobody the same e-mail twice", async () => {
      const { week_id, number } = await week();
      const pool = await members();
      const response = await send(week_id).expect(200);
      expect(response.body).toEqual({ sent_count: pool.length, failed_count: 0, skipped_count: 0, queued_count: 0 });

      const rows = await delivered(week_id);
      for (const member of pool) expect(mailOf(member.email, number)).toHaveLength(1);
      expect(mailOf('admin@pool.test', number)).toHaveLength(0);
      const mail = mailOf(pool[0].email, number)[0];
      expect(mail.subject).toBe(`Week ${number} picks are open - Saturday Pool`);
      for (const part of [mail.html!, mail.text!]) {
        expect(part).toContain(`Hi ${pool[0].name}`);
        expect(part).toContain(`#5 Away Tigers ${number}`);
        expect(part).toContain(`#12 Home Owls ${number}`);
        expect(part).toContain(`Home Owls ${number} by 7.5`);
        expect(part).toMatch(/Saturday, September 7, 2030 at 11:00\sAM \(America\/Chicago\)/);
        expect(part).toMatch(/first game closes Saturday, September 7, 2030 at 10:00\sAM/);
        expect(part).toMatch(/TIEBREAKER|Tiebreaker/);
        expect(part).toContain('http://pool.test/dashboard');
      }
      // Kickoff order: the 11:00 game first, the tiebreaker (the last kickoff) last.
      const text = mail.text!;
      expect(text.indexOf('11:00')).toBeLessThan(text.indexOf('12:00'));
      expect(text.indexOf(`Away Tigers ${number}`)).toBeLessThan(text.indexOf('[TIEBREAKER'));

      expect(rows.map((row) => [row.user_id, row.kind, row.round, row.status, row.attempts])).toEqual(
        pool.map((member) => [member.id, 'weekly', 0, 'sent', 1]),
      );
      expect(rows.every((row) => row.sent_at instanceof Date && row.error === null && row.context === null)).toBe(true);

      expect((await send(week_id).expect(200)).body).toEqual({ sent_count: 0, failed_count: 0, skipped_count: pool.length, queued_count: 0 });
      await delivered(week_id);
      for (const member of pool) expect(mailOf(member.email, number)).toHaveLength(1);
    });

    it('sending again queues only the members whose e-mail failed for good', async () => {
      const { week_id, number } = await week();
      const pool = await members();
      const [refusedA, refusedB] = [pool[0], pool[2]];
      smtp.refuse.add(refusedA.email);
      smtp.refuse.add(refusedB.email);
      try {
        expect((await send(week_id).expect(200)).body).toEqual({ sent_count: pool.length - 2, failed_count: 2, skipped_count: 0, queued_count: 0 });
      } finally {
        smtp.refuse.clear();
      }
      expect(mailOf(refusedA.email, number)).toHaveLength(0);
      const failed = (await get(`/api/weekly_notifications/deliveries?week_id=${week_id}&status=failed`).expect(200)).body;
      expect(failed.map((row: { user: { id: number } }) => row.user.id).sort()).toEqual([refusedA.id, refusedB.id].sort());
      expect(failed[0]).toEqual(expect.objectContaining({ kind: 'weekly', status: 'failed', attempts: 1, sent_at: null, error: expect.stringMatching(/550/) }));

      expect((await send(week_id).expect(200)).body).toEqual({ sent_count: 2, failed_count: 0, skipped_count: pool.length - 2, queued_count: 0 });
      const rows = await delivered(week_id);
      for (const member of pool) expect(mailOf(member.email, number)).toHaveLength(1);
      expect(rows.every((row) => row.status === 'sent' && row.error === null && row.attempts === 1)).toBe(true);
    });

    it('sends each member one e-mail when two sends race', async () => {
      const { week_id, number } = await week();
      const pool = await members();
      const [first, second] = await Promise.all([send(week_id).expect(200), send(week_id).expect(200)]);
      expect(first.body.sent_count + second.body.sent_count).toBe(pool.length);
      expect(first.body.failed_count + second.body.failed_count).toBe(0);
      expect(await delivered(week_id)).toHaveLength(pool.length);
      for (const member of pool) expect(mailOf(member.email, number)).toHaveLength(1);
    });

    it('refuses a week that is not valid, an unknown week and a missing week_id, sending nothing', async () => {
      const { week_id } = await week(10, 0);
      const before = smtp.messages.length;
      expect((await send(week_id).expect(422)).body.errors).toEqual([
        'Week must have exactly 10 games with 1 tiebreaker (found 10 games, 0 tiebreakers)',
      ]);
      await send(999999).expect(404);
      expect((await t.http.post('/api/weekly_notifications/send').set(bearer(admin)).send({}).expect(422)).body.errors).toEqual([
        'week_id must be a whole number',
      ]);
      expect(smtp.messages.length).toBe(before);
      expect(await deliveries(week_id)).toEqual([]);
    });

    it("lists deliveries in react-admin's dialect too", async () => {
      const { week_id } = await week();
      await send(week_id).expect(200);
      await delivered(week_id);
      const count = (await members()).length;
      const page = await get(`/api/weekly_notifications/deliveries?filter=${encodeURIComponent(JSON.stringify({ week_id }))}&range=[0,1]&sort=["id","ASC"]`).expect(200);
      expect(page.headers['content-range']).toBe(`deliveries 0-1/${count}`);
      expect(page.body[0]).toEqual(
        expect.objectContaining({ week_id, kind: 'weekly', status: 'sent', user: expect.objectContaining({ id: expect.any(Number), email: expect.any(String) }) }),
      );
      expect(JSON.stringify(page.body)).not.toMatch(/password/);
      await get('/api/weekly_notifications/deliveries?status=lost').expect(400);
    });
  });

  describe('status: whether the week was e-mailed already', () => {
    const status = (week_id: number | string, token = admin) => t.http.get('/api/weekly_notifications/status').query({ week_id }).set(bearer(token));

    it('is empty before a send; after one it tells when and to how many, what was delivered and what the mail server refused', async () => {
      const { week_id } = await week();
      expect((await status(week_id).expect(200)).body).toEqual({ week_id, sends: [], last_sent_at: null });

      const pool = await members();
      const refused = pool[1];
      const before = Date.now() - 1000;
      smtp.refuse.add(refused.email);
      try {
        expect((await send(week_id).expect(200)).body).toEqual({ sent_count: pool.length - 1, failed_count: 1, skipped_count: 0, queued_count: 0 });
      } finally {
        smtp.refuse.clear();
      }
      const first = (await status(week_id).expect(200)).body;
      expect(first).toEqual({
        week_id,
        sends: [{ round: 0, sent_at: expect.any(String), recipient_count: pool.length, delivered_count: pool.length - 1, refused_count: 1, queued_count: 0 }],
        last_sent_at: first.sends[0].sent_at,
      });
      expect(Date.parse(first.sends[0].sent_at)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(first.sends[0].sent_at)).toBeLessThanOrEqual(Date.now());

      // Sending again goes to the refused member alone; the send stays one, now all delivered.
      expect((await send(week_id).expect(200)).body).toEqual({ sent_count: 1, failed_count: 0, skipped_count: pool.length - 1, queued_count: 0 });
      const again = (await status(week_id).expect(200)).body;
      expect(again.sends).toEqual([{ ...first.sends[0], delivered_count: pool.length, refused_count: 0 }]);
      expect(again.last_sent_at).toBe(first.sends[0].sent_at);
      // Other e-mails of the week (a reminder) are not the weekly e-mail.
      await t.http.post(`/api/weeks/${week_id}/missing_picks/remind`).set(bearer(admin)).expect(200);
      expect((await status(week_id).expect(200)).body.sends).toHaveLength(1);
    });

    it('counts an e-mail still on its way (waiting for a retry) as queued', async () => {
      const { week_id } = await week();
      const pool = await members();
      await send(week_id).expect(200);
      const [waiting] = await delivered(week_id);
      // Turned away for now, its retry an hour off: a state a 451 leaves for a while.
      await t.dataSource.getRepository(NotificationDelivery).update(waiting.id, { status: 'queued', sent_at: null, next_attempt_at: hoursFromNow(1) });
      expect((await status(week_id).expect(200)).body.sends).toEqual([
        expect.objectContaining({ recipient_count: pool.length, delivered_count: pool.length - 1, refused_count: 0, queued_count: 1 }),
      ]);
      await t.dataSource.getRepository(NotificationDelivery).update(waiting.id, { status: 'sent', next_attempt_at: null });
    });

    it('needs an existing week', async () => {
      expect((await get('/api/weekly_notifications/status').expect(400)).body.errors).toEqual(['week_id is required and must be a whole number']);
      await status('abc').expect(400);
      expect((await status(999999).expect(404)).body.errors).toEqual(['Week not found']);
    });
  });

  describe("last week's awards and who is still alive", () => {
    afterEach(() => jest.restoreAllMocks());
    const race = (names: [string, 'can_win' | 'eliminated'][]): ContentionDto => ({
      scope: 'season',
      method: 'bound',
      undecided_games: 10,
      open_games: 10,
      outcomes: null,
      contenders: names.map(([name, status], i) => ({ user: { id: i + 1, name }, current: 0, max: 10, status, paths: null, more_paths: 0 })),
    });
    const week5 = (season: ContentionDto) => ({ week: { ...season, scope: 'week' as const }, season });

    it("tells the season's previous calculated week's awards and who is still alive, in HTML and text", async () => {
      const { id: seasonId } = await createSeason(t.dataSource);
      const last = await calculatedWeek(seasonId);
      const { week_id, number } = await week(10, 1, seasonId);
      // Who is alive comes from the live board's contention (its own tests check the race); here, a fixed answer.
      const alive = race([['Ann', 'can_win'], ['Ben', 'can_win'], ['Cal', 'can_win'], ['Dee', 'eliminated']]);
      const contention = jest.spyOn(t.app.get(LiveBoardService), 'contention').mockResolvedValue(week5(alive));
      await send(week_id).expect(200);
      await delivered(week_id);
      expect(contention).toHaveBeenCalledWith(week_id);

      const [m0] = last.pool;
      const mail = mailOf(m0.email, number)[0];
      const lines = [
        `Last week's awards (week ${last.number})`,
        `Perfect week: ${m0.name}`,
        `Best contrarian pick: ${m0.name} took ${last.contrarian.away} in ${last.contrarian.away} @ ${last.contrarian.home}, picked by 33.3% of those who picked the game`,
        `Closest tiebreaker: ${m0.name}, off by 1 point`,
        'Still alive for the season: Ann, Ben and Cal (3 of 4)',
      ];
      for (const line of lines) {
        expect(mail.text).toContain(line);
        expect(words(mail.html!)).toContain(line);
      }
      // Every member gets the same news.
      expect(mailOf(last.pool[2].email, number)[0].text).toContain(`Perfect week: ${m0.name}`);

      // The admin's preview shows it too.
      const { body } = await get(`/api/weekly_notifications/preview?week_id=${week_id}`).expect(200);
      for (const line of lines) expect(words(body.html)).toContain(line);
    });

    it('reads plainly when nobody is out yet, and has no awards before any week is calculated', async () => {
      const { id: seasonId } = await createSeason(t.dataSource);
      const { week_id, number } = await week(10, 1, seasonId);
      jest.spyOn(t.app.get(LiveBoardService), 'contention').mockResolvedValue(week5(race([['Ann', 'can_win'], ['Ben', 'can_win']])));
      await send(week_id).expect(200);
      await delivered(week_id);
      const mail = mailOf((await members())[0].email, number)[0];
      for (const part of [mail.text!, words(mail.html!)]) {
        expect(part).toContain('Everyone is still alive for the season.');
        expect(part).not.toContain("Last week's awards");
      }
    });

    it("with the live board's own race: everyone is still alive while a week of open games is ahead", async () => {
      // Week n: m0 3 points, m1 2, m2 0 (calculatedWeek). Week n+1: 10 open games, so every member can still add 10
      // points and even m2's most (0 + 10) is above m0's 3: nobody is out, nobody has clinched.
      const { id: seasonId } = await createSeason(t.dataSource);
      await calculatedWeek(seasonId);
      const { week_id, number } = await week(10, 1, seasonId);
      await send(week_id).expect(200);
      await delivered(week_id);
      const mail = mailOf((await members())[0].email, number)[0];
      for (const part of [mail.text!, words(mail.html!)]) expect(part).toContain('Everyone is still alive for the season.');
    });

    it('goes out without the line when who is alive cannot be worked out', async () => {
      const { week_id, number } = await week();
      jest.spyOn(t.app.get(LiveBoardService), 'contention').mockRejectedValue(new Error('no race'));
      await send(week_id).expect(200);
      await delivered(week_id);
      const mail = mailOf((await members())[0].email, number)[0];
      expect(mail.text).toContain('picks are open');
      expect(mail.text).not.toMatch(/alive/);
    });
  });

  /** The admin's two batches: each answers what the mail server did with its e-mails' first attempts. */
  const batches: [string, () => Promise<{ week_id: number; recipients: { id: number; email: string }[]; post: () => ReturnType<typeof send> }>][] = [
    [
      'the weekly e-mail',
      async () => {
        const { week_id } = await week();
        return { week_id, recipients: await members(), post: () => send(week_id) };
      },
    ],
    [
      'the reminder',
      async () => {
        const { week_id } = await pickingWeek();
        const missing = (await get(`/api/weeks/${week_id}/missing_picks`).expect(200)).body as Entry[];
        return { week_id, recipients: missing.map((entry) => entry.user), post: () => t.http.post(`/api/weeks/${week_id}/missing_picks/remind`).set(bearer(admin)) };
      },
    ],
  ];

  describe.each(batches)('%s counts what the mail server did', (_batch, batch) => {
    it('a recipient refused for good (550 at RCPT) is failed after one attempt and not retried; the others are sent', async () => {
      const { week_id, recipients, post } = await batch();
      const refused = recipients[0];
      smtp.refuse.add(refused.email);
      try {
        expect((await post().expect(200)).body).toEqual({ sent_count: recipients.length - 1, failed_count: 1, skipped_count: 0, queued_count: 0 });
      } finally {
        smtp.refuse.clear();
      }
      const rows = await deliveries(week_id);
      expect(rows.find((row) => row.user_id === refused.id)).toEqual(
        expect.objectContaining({ status: 'failed', attempts: 1, next_attempt_at: null, error: expect.stringMatching(/550/) }),
      );
      expect(rows.filter((row) => row.user_id !== refused.id).map((row) => row.status)).toEqual(recipients.slice(1).map(() => 'sent'));
    });

    it('a recipient turned away for now (451) is counted as queued, and tried again', async () => {
      const { week_id, recipients, post } = await batch();
      const deferred = recipients[0];
      smtp.defer.add(deferred.email);
      try {
        expect((await post().expect(200)).body).toEqual({ sent_count: recipients.length - 1, failed_count: 0, skipped_count: 0, queued_count: 1 });
        // MAIL_MAX_ATTEMPTS is 2 here: the second attempt is turned away too, and then it has failed for good.
        const rows = await delivered(week_id);
        expect(rows.find((row) => row.user_id === deferred.id)).toEqual(expect.objectContaining({ status: 'failed', attempts: 2, error: expect.stringMatching(/451/) }));
      } finally {
        smtp.defer.clear();
      }
    });
  });

  describe('who has not picked', () => {
    it('lists members with open games unpicked or the tiebreaker score missing; locked games and admins never', async () => {
      const { week_id, open, tiebreaker, ann, bob, cat } = await pickingWeek();
      const { body } = await get(`/api/weeks/${week_id}/missing_picks`).expect(200);
      const entryOf = (user: User) => (body as Entry[]).find((entry) => entry.user.id === user.id);
      expect(entryOf(ann)).toBeUndefined();
      expect(entryOf(bob)).toEqual({ user: { id: bob.id, name: bob.name, email: bob.email }, missing: [], missing_tiebreaker: true, open_games: 2 });
      const openTeams = await t.dataSource.getRepository(Team).findBy([{ id: open.away_team_id }, { id: open.home_team_id }]);
      const nameOf = (id: number) => openTeams.find((team) => team.id === id)!.name;
      expect(entryOf(cat)).toEqual({
        user: { id: cat.id, name: cat.name, email: cat.email },
        missing: [
          { game_id: open.id, away_team: nameOf(open.away_team_id), home_team: nameOf(open.home_team_id), pick_deadline: new Date(open.game_date.getTime() - HOUR).toISOString() },
          expect.objectContaining({ game_id: tiebreaker.id }),
        ],
        missing_tiebreaker: true,
        open_games: 2,
      });
      const adminUser = await t.dataSource.getRepository(User).findOneByOrFail({ role: 'admin' });
      expect((body as Entry[]).some((entry) => entry.user.id === adminUser.id)).toBe(false);
      // Every member listed really misses something open: the locked game is never listed.
      expect((body as Entry[]).every((entry) => entry.missing.every((game) => [open.id, tiebreaker.id].includes(game.game_id)))).toBe(true);
    });

    it('reminds them now, listing what is missing, and may remind again later', async () => {
      const { week_id, number, ann, bob, cat } = await pickingWeek();
      const missing = (await get(`/api/weeks/${week_id}/missing_picks`).expect(200)).body as Entry[];
      const remind = () => t.http.post(`/api/weeks/${week_id}/missing_picks/remind`).set(bearer(admin)).expect(200);

      expect((await remind()).body).toEqual({ sent_count: missing.length, failed_count: 0, skipped_count: 0, queued_count: 0 });
      await delivered(week_id);
      const reminderOf = (user: User) => mailOf(user.email, number, 'still to make');
      expect(reminderOf(ann)).toHaveLength(0);
      expect(reminderOf(bob)).toHaveLength(1);
      expect(reminderOf(bob)[0].subject).toBe(`Week ${number}: your tiebreaker score still to make - Saturday Pool`);
      expect(reminderOf(bob)[0].text).toMatch(/Tiebreaker: enter your predicted final score/);
      const catMail = reminderOf(cat)[0];
      expect(catMail.subject).toBe(`Week ${number}: 2 picks still to make - Saturday Pool`);
      expect(catMail.text).toContain('pick by');
      expect(catMail.html).toContain('http://pool.test/dashboard');

      expect((await remind()).body.sent_count).toBe(missing.length);
      await delivered(week_id);
      expect(reminderOf(cat)).toHaveLength(2);
      const rows = (await deliveries(week_id)).filter((row) => row.user_id === cat.id);
      expect(rows.map((row) => [row.kind, row.round, row.status])).toEqual([
        ['reminder-manual', 1, 'sent'],
        ['reminder-manual', 2, 'sent'],
      ]);
    });

    it('nudges one member alone, and nobody who has nothing missing', async () => {
      const { week_id, number, ann, bob, cat } = await pickingWeek();
      const nudge = (user: User) => t.http.post(`/api/weeks/${week_id}/missing_picks/${user.id}/remind`).set(bearer(admin)).expect(200);
      expect((await nudge(cat)).body).toEqual({ sent_count: 1, failed_count: 0, skipped_count: 0, queued_count: 0 });
      expect((await nudge(ann)).body.sent_count).toBe(0);
      await delivered(week_id);
      expect(mailOf(cat.email, number, 'still to make')).toHaveLength(1);
      expect(mailOf(bob.email, number, 'still to make')).toHaveLength(0);
      expect(mailOf(ann.email, number, 'still to make')).toHaveLength(0);
      // The whole list's reminder still reaches everyone missing picks afterwards, cat again included.
      await t.http.post(`/api/weeks/${week_id}/missing_picks/remind`).set(bearer(admin)).expect(200);
      await delivered(week_id);
      expect(mailOf(cat.email, number, 'still to make')).toHaveLength(2);
      expect(mailOf(bob.email, number, 'still to make')).toHaveLength(1);
    });

    it.each([true, false])('a season with commissioner_plays %s lists, reminds and e-mails the admin who has not picked only when they play', async (plays) => {
      const { id } = await createSeason(t.dataSource, { commissioner_plays: plays });
      const { week_id, number } = await week(10, 1, id);
      const commissioner = await t.dataSource.getRepository(User).findOneByOrFail({ role: 'admin' });
      const players = [...(await members()).map((member) => member.id), ...(plays ? [commissioner.id] : [])].sort();

      // Nobody has picked yet: every player is listed, and only they.
      const listed = ((await get(`/api/weeks/${week_id}/missing_picks`).expect(200)).body as Entry[]).map((entry) => entry.user.id);
      expect(listed.sort()).toEqual(players);
      const remind = await t.http.post(`/api/weeks/${week_id}/missing_picks/remind`).set(bearer(admin)).expect(200);
      expect(remind.body.sent_count).toBe(players.length);
      expect((await send(week_id).expect(200)).body.sent_count).toBe(players.length);
      await delivered(week_id);
      expect(mailOf(commissioner.email, number, 'still to make')).toHaveLength(plays ? 1 : 0);
      expect(mailOf(commissioner.email, number)).toHaveLength(plays ? 1 : 0);
      expect((await deliveries(week_id)).some((row) => row.user_id === commissioner.id)).toBe(plays);
    });

    it('needs an existing week', async () => {
      await get('/api/weeks/999999/missing_picks').expect(404);
      await get('/api/weeks/abc/missing_picks').expect(400);
      await t.http.post('/api/weeks/999999/missing_picks/remind').set(bearer(admin)).expect(404);
      await t.http.post('/api/weeks/999999/missing_picks/1/remind').set(bearer(admin)).expect(404);
      await t.http.post('/api/weeks/1/missing_picks/abc/remind').set(bearer(admin)).expect(400);
    });
  });

  it('is for admins only', async () => {
    const { token } = await t.member();
    await get('/api/weekly_notifications/validate?week_id=1', token).expect(403);
    await get('/api/weekly_notifications/preview?week_id=1', token).expect(403);
    await t.http.post('/api/weekly_notifications/send').set(bearer(token)).send({ week_id: 1 }).expect(403);
    await get('/api/weekly_notifications/deliveries', token).expect(403);
    await get('/api/weekly_notifications/status?week_id=1', token).expect(403);
    await get('/api/weeks/1/missing_picks', token).expect(403);
    await t.http.post('/api/weeks/1/missing_picks/remind').set(bearer(token)).expect(403);
    await t.http.post('/api/weeks/1/missing_picks/1/remind').set(bearer(token)).expect(403);
    await t.http.get('/api/weekly_notifications/validate?week_id=1').expect(401);
  });
});

describe('A batch of e-mails while the mail server hangs', () => {
  it('is answered after the wait, every e-mail counted as queued: the weekly e-mail and the reminder alike', async () => {
    const silent = await SilentSmtpServer.start();
    // The mail server would be given a minute; the answer waits for at most 200 ms of it.
    const t = await TestApp.start({ SMTP_URL: silent.url, MAIL_TIMEOUT: '60s', MAIL_SEND_WAIT: '200ms' });
    try {
      const admin = await t.adminToken();
      await t.createUser();
      await t.createUser();
      const { id: week_id } = await createWeek(t.dataSource);
      for (let i = 0; i < 10; i++) await createGame(t.dataSource, { week_id, game_date: new Date(KICKOFF + i * HOUR), is_tiebreaker: i === 9 });
      const answered = { sent_count: 0, failed_count: 0, skipped_count: 0, queued_count: 2 };
      expect((await t.http.post('/api/weekly_notifications/send').set(bearer(admin)).send({ week_id }).expect(200)).body).toEqual(answered);
      expect((await t.http.post(`/api/weeks/${week_id}/missing_picks/remind`).set(bearer(admin)).expect(200)).body).toEqual(answered);
      // Both answers came while the mail server had not said a word: no attempt has ended.
      const rows = await t.dataSource.getRepository(NotificationDelivery).findBy({ week_id });
      expect(rows.map((row) => [row.status === 'sent' || row.status === 'failed', row.error])).toEqual(rows.map(() => [false, null]));
      expect(rows).toHaveLength(4);
    } finally {
      await silent.stop();
      await t.close();
    }
  });

  it('keeps other requests going while it waits, writes included', async () => {
    const silent = await SilentSmtpServer.start();
    // A wait far longer than this test: the send can only answer once the mail server goes away.
    const t = await TestApp.start({ SMTP_URL: silent.url, MAIL_TIMEOUT: '60s', MAIL_SEND_WAIT: '60s' });
    try {
      const admin = await t.adminToken();
      const member = await t.createUser();
      const { id: week_id } = await createWeek(t.dataSource);
      for (let i = 0; i < 10; i++) await createGame(t.dataSource, { week_id, game_date: new Date(KICKOFF + i * HOUR), is_tiebreaker: i === 9 });
      let answered = false;
      const sending = t.http
        .post('/api/weekly_notifications/send')
        .set(bearer(admin))
        .send({ week_id })
        .then((response) => {
          answered = true;
          return response;
        });
      while (silent.connections === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      // The send is waiting for the mail server; a login (a session written) and a read answer meanwhile.
      await t.login(member.email, PASSWORD);
      await t.http.get(`/api/weekly_notifications/validate?week_id=${week_id}`).set(bearer(admin)).expect(200);
      expect(answered).toBe(false);
      // The mail server goes away: the attempt fails and is queued for a retry, which ends the wait.
      await silent.stop();
      expect((await sending).body).toEqual({ sent_count: 0, failed_count: 0, skipped_count: 0, queued_count: 1 });
    } finally {
      await silent.stop().catch(() => undefined);
      await t.close();
    }
  });
});
