import type { Email } from 'postal-mime';
import { Game } from '../../src/games/entities/game.entity';
import { NotificationDelivery } from '../../src/mail/entities/notification-delivery.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { User } from '../../src/users/entities/user.entity';
import { createGame, createPick, createTeam, createWeek, hoursFromNow } from './factories';
import { settledDeliveries } from './outbox';
import { TestSmtpServer } from './smtp';
import { bearer, TestApp } from './test-app';

/** Kickoffs far enough ahead that every pick window is open, on fixed instants so the e-mails can be read exactly. */
export const KICKOFF = Date.parse('2030-09-07T16:00:00Z');
export const HOUR = 3600 * 1000;
/** An instant `hours` from now on a whole second (MariaDB DATETIME keeps no milliseconds). */
export const wholeHoursFromNow = (hours: number) => new Date(Math.floor(hoursFromNow(hours).getTime() / 1000) * 1000);

/** What the admin's missing-picks list answers for one member. */
export type Entry = { user: { id: number; name: string; email: string }; missing: { game_id: number }[]; missing_tiebreaker: boolean; open_games: number };

/**
 * The set-up the weekly-notification API test files share: a test app that e-mails a test SMTP server, an admin
 * session, three members, and weeks of games to e-mail about. Call it inside a describe: it registers the beforeAll
 * and afterAll, and its t, admin and smtp are set once the beforeAll has run.
 */
export function notificationsSuite() {
  const s = { smtp: undefined as unknown as TestSmtpServer, t: undefined as unknown as TestApp, admin: '', weekNumber: 20 };

  beforeAll(async () => {
    s.smtp = await TestSmtpServer.start();
    s.t = await TestApp.start({
      SMTP_URL: s.smtp.url,
      APP_NAME: 'Saturday Pool',
      TZ_DISPLAY: 'America/Chicago',
      MAIL_CONCURRENCY: '3',
      MAIL_MAX_ATTEMPTS: '2',
      MAIL_RETRY_DELAY: '50ms',
    });
    s.admin = await s.t.adminToken();
    for (let i = 0; i < 3; i++) await s.t.createUser();
  });
  afterAll(async () => {
    await s.t.close();
    await s.smtp.stop();
  });

  const get = (path: string, token = s.admin) => s.t.http.get(path).set(bearer(token));
  const send = (week_id: number) => s.t.http.post('/api/weekly_notifications/send').set(bearer(s.admin)).send({ week_id });
  const members = () => s.t.dataSource.getRepository(User).find({ where: { role: 'user' }, order: { id: 'ASC' } });
  const deliveries = (week_id: number) => s.t.dataSource.getRepository(NotificationDelivery).find({ where: { week_id }, order: { user_id: 'ASC' } });
  /** The week's e-mails once each was delivered or failed for good, by member. */
  const delivered = async (week_id: number) => (await settledDeliveries(s.t, { week_id })).sort((x, y) => x.user_id! - y.user_id!);
  /** What an address received about one week (the subject names it). */
  const mailOf = (email: string, week: number, subject = 'picks are open'): Email[] =>
    s.smtp.to(email).filter((message) => new RegExp(`^Week ${week}\\b`).test(message.subject ?? '') && message.subject!.includes(subject));

  /**
   * A week of `count` games, kicking off an hour apart from KICKOFF, listed here out of kickoff order. The game
   * at KICKOFF is #5 Away Tigers at #12 Home Owls with Home Owls favoured by 7.5; the last one is the tiebreaker.
   * Its season is a new one on the spec's rules unless one is given.
   */
  async function week(count = 10, tiebreakers = 1, football_season_id?: number) {
    const number = ++s.weekNumber;
    const { id: week_id } = await createWeek(s.t.dataSource, { number, football_season_id });
    const games: Game[] = [];
    for (let i = count - 1; i >= 0; i--) {
      const featured = i === 0;
      const home = await createTeam(s.t.dataSource, featured ? { name: `Home Owls ${number}` } : {});
      const away = await createTeam(s.t.dataSource, featured ? { name: `Away Tigers ${number}` } : {});
      games.unshift(
        await createGame(s.t.dataSource, {
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
    const { id: week_id } = await createWeek(s.t.dataSource, { number: ++s.weekNumber, football_season_id });
    const games: Game[] = [];
    for (let i = 0; i < 3; i++) games.push(await createGame(s.t.dataSource, { week_id, game_date: new Date(KICKOFF - 7 * 24 * HOUR + i * HOUR), is_tiebreaker: i === 2 }));
    const [g1, g2, g3] = games;
    const tiebreaker = (home: number, away: number) => ({ tiebreaker_home_score: home, tiebreaker_away_score: away });
    await createPick(s.t.dataSource, g1, pool[0].id);
    await createPick(s.t.dataSource, g2, pool[0].id, { selected_team_id: g2.away_team_id });
    await createPick(s.t.dataSource, g3, pool[0].id, tiebreaker(21, 10));
    await createPick(s.t.dataSource, g1, pool[1].id);
    await createPick(s.t.dataSource, g2, pool[1].id);
    await createPick(s.t.dataSource, g3, pool[1].id, tiebreaker(24, 10));
    await createPick(s.t.dataSource, g1, pool[2].id, { selected_team_id: g1.away_team_id });
    await createPick(s.t.dataSource, g2, pool[2].id);
    await createPick(s.t.dataSource, g3, pool[2].id, { selected_team_id: g3.away_team_id, ...tiebreaker(20, 13) });
    for (const [game, home_score, away_score] of [[g1, 30, 3], [g2, 7, 10], [g3, 20, 10]] as const) {
      await s.t.http.put(`/api/games/${game.id}`).set(bearer(s.admin)).send({ home_score, away_score }).expect(200);
    }
    await s.t.http.post(`/api/weekly_results/calculate/${week_id}`).set(bearer(s.admin)).expect(200);
    const teams = s.t.dataSource.getRepository(Team);
    const [away, home] = [(await teams.findOneByOrFail({ id: g2.away_team_id })).name, (await teams.findOneByOrFail({ id: g2.home_team_id })).name];
    return { number: s.weekNumber, pool, contrarian: { away, home } };
  }

  /** A current week with an open game, an open tiebreaker and a locked game, and three new members. */
  async function pickingWeek() {
    const number = ++s.weekNumber;
    const { id: week_id } = await createWeek(s.t.dataSource, { number });
    const open = await createGame(s.t.dataSource, { week_id, game_date: wholeHoursFromNow(72) });
    const tiebreaker = await createGame(s.t.dataSource, { week_id, game_date: wholeHoursFromNow(74), is_tiebreaker: true });
    await createGame(s.t.dataSource, { week_id, game_date: wholeHoursFromNow(0.5) });
    const ann = await s.t.createUser({ name: `Ann ${number}` });
    const bob = await s.t.createUser({ name: `Bob ${number}` });
    const cat = await s.t.createUser({ name: `Cat ${number}` });
    await createPick(s.t.dataSource, open, ann.id);
    await createPick(s.t.dataSource, tiebreaker, ann.id, { tiebreaker_home_score: 27, tiebreaker_away_score: 24 });
    await createPick(s.t.dataSource, open, bob.id);
    await createPick(s.t.dataSource, tiebreaker, bob.id);
    return { week_id, number, open, tiebreaker, ann, bob, cat };
  }

  return Object.assign(s, { get, send, members, deliveries, delivered, mailOf, week, words, calculatedWeek, pickingWeek });
}
