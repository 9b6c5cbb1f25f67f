import ICAL from 'ical.js';
import { Game } from '../../src/games/entities/game.entity';
import { FootballSeason } from '../../src/seasons/entities/football-season.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { createGame, createSeason, createWeek, dateFromNow, hoursFromNow } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';

/** What a calendar app sees of one event, read by a real iCalendar parser. */
interface SeenEvent {
  uid: string;
  summary: string;
  description: string;
  start: number;
  end: number;
  sequence: number;
  stamp: number;
  alarms: string[];
}

const HOUR_MS = 3600 * 1000;
/** A kickoff `hours` from now in whole seconds, as iCalendar writes times (and MariaDB stores them). */
const kickoffIn = (hours: number) => new Date(Math.floor(hoursFromNow(hours).getTime() / 1000) * 1000);
const NOT_FOUND = { errors: ['Calendar not found'] };

/** The feed's calendar: its name and its events, earliest first. */
function parseFeed(text: string): { name: string; events: SeenEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
      sequence: event.sequence,
      stamp: (component.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().getTime(),
      alarms: component.getAllSubcomponents('valarm').map((alarm) => String(alarm.getFirstPropertyValue('trigger'))),
    };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), events: events.sort((a, b) => a.start - b.start) };
}

describe('Deadline calendar', () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string };
  let other: { id: number; token: string };
  /** Week 1: two games and a cancelled one; week 2: one game. */
  let week1Id: number;
  let week2Id: number;
  let seasonId: number;
  let games: Game[];
  let teams: Map<number, string>;

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
    const one = await t.member();
    const two = await t.member();
    member = { id: one.user.id, token: one.token };
    other = { id: two.user.id, token: two.token };

    // A game of a season that is not current never shows.
    const old = await createWeek(t.dataSource, { football_season_id: (await createSeason(t.dataSource, { is_current: false })).id });
    await createGame(t.dataSource, { week_id: old.id, game_date: kickoffIn(50) });

    const season = await createSeason(t.dataSource, { is_current: true });
    seasonId = season.id;
    const week1 = await createWeek(t.dataSource, { football_season_id: season.id, number: 1 });
    const week2 = await createWeek(t.dataSource, { football_season_id: season.id, number: 2, start_date: dateFromNow(6), end_date: dateFromNow(12) });
    week1Id = week1.id;
    week2Id = week2.id;
    const made = [
      await createGame(t.dataSource, { week_id: week1.id, game_date: kickoffIn(96) }),
      await createGame(t.dataSource, { week_id: week1.id, game_date: kickoffIn(72) }),
      await createGame(t.dataSource, { week_id: week1.id, game_date: kickoffIn(60), status: 'cancelled' }),
      await createGame(t.dataSource, { week_id: week2.id, game_date: kickoffIn(240) }),
    ];
    // Changed a day ago: a later change must show as a later DTSTAMP and a higher SEQUENCE, whatever the clock's precision.
    await t.dataSource.getRepository(Game).createQueryBuilder().update().set({ updated_at: new Date(Date.now() - 24 * HOUR_MS) }).execute();
    games = await t.dataSource.getRepository(Game).findBy(made.map((game) => ({ id: game.id })));
    games.sort((a, b) => made.findIndex((game) => game.id === a.id) - made.findIndex((game) => game.id === b.id));
    teams = new Map((await t.dataSource.getRepository(Team).find()).map((team) => [team.id, team.name]));
  });
  afterAll(() => t.close());

  const feedOf = async (token: string) => (await t.http.get('/api/me/calendar').set(bearer(token)).expect(200)).body as { url: string; webcal_url: string; google_url: string; mode: string };
  /** The feed's path on this server, from its absolute URL (APP_URL is http://pool.test in tests). */
  const pathOf = (url: string) => url.replace(/^http:\/\/pool\.test/, '');
  const fetchFeed = async (url: string) => {
    const response = await t.http.get(pathOf(url)).expect(200);
    return parseFeed(response.text);
  };
  const deadline = (game: Game) => game.game_date.getTime() - HOUR_MS;
  const matchup = (game: Game) => `${teams.get(game.away_team_id)} @ ${teams.get(game.home_team_id)}`;
  const setMode = (token: string, mode: string) => t.http.patch('/api/me/calendar').set(bearer(token)).send({ mode });

  it('answers the member\'s feed URLs: https, webcal and Google\'s add-by-URL link, in games mode by default', async () => {
    const feed = await feedOf(member.token);
    expect(feed.url).toMatch(/^http:\/\/pool\.test\/api\/calendar\/[A-Za-z0-9_-]{54}\.ics$/);
    expect(feed.webcal_url).toBe(feed.url.replace(/^http:/, 'webcal:'));
    expect(feed.google_url).toBe(`https://calendar.google.com/calendar/render?cid=${encodeURIComponent(feed.webcal_url)}`);
    expect(feed.mode).toBe('games');
    // Nothing secret is stored: the same URL again, and another member has another.
    expect((await feedOf(member.token)).url).toBe(feed.url);
    expect((await feedOf(other.token)).url).not.toBe(feed.url);
  });

  it('serves the feed without a session: one event per game deadline of the current season, cancelled games left out', async () => {
    const { url } = await feedOf(member.token);
    const response = await t.http.get(pathOf(url)).expect(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const { name, events } = parseFeed(response.text);
    expect(name).toBe('Tailgate Picks deadlines');
    const shown = [games[1], games[0], games[3]];
    expect(events.map((event) => event.uid)).toEqual(shown.map((game) => `game-${game.id}@pool.test`));
    expect(events.map((event) => event.summary)).toEqual(shown.map((game) => `Pick deadline: ${matchup(game)}`));
    expect(events.map((event) => event.start)).toEqual(shown.map(deadline));
    for (const event of events) {
      expect(event.end - event.start).toBe(15 * 60 * 1000);
      expect(event.description).toContain('Kickoff: ');
      expect(event.description).toContain('http://pool.test/dashboard');
      expect(event.alarms).toEqual(['-PT1H']);
    }
    // The kickoff in the pool's time zone (America/New_York).
    const kickoff = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York' }).format(games[1].game_date);
    expect(events[0].description).toContain(kickoff);
  });

  it('answers HEAD as GET, without a body', async () => {
    const { url } = await feedOf(member.token);
    const response = await t.http.head(pathOf(url)).expect(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.text ?? '').toBe('');
  });

  it('switches to one event per week at its first deadline, and back', async () => {
    const switched = await setMode(member.token, 'weeks').expect(200);
    expect(switched.body).toEqual({ ...(await feedOf(member.token)), mode: 'weeks' });
    const { events } = await fetchFeed(switched.body.url);
    expect(events.map((event) => [event.uid, event.summary, event.start])).toEqual([
      [`week-${week1Id}@pool.test`, 'Week 1 picks open: first deadline', deadline(games[1])],
      [`week-${week2Id}@pool.test`, 'Week 2 picks open: first deadline', deadline(games[3])],
    ]);
    expect(events[0].description).toContain(matchup(games[1]));
    // The other member's feed keeps its own mode.
    expect((await fetchFeed((await feedOf(other.token)).url)).events).toHaveLength(3);

    expect((await setMode(member.token, 'games').expect(200)).body.mode).toBe('games');
    expect((await fetchFeed(switched.body.url)).events).toHaveLength(3);
  });

  it('refuses a mode other than games or weeks with 422', async () => {
    for (const body of [{ mode: 'hours' }, { mode: null }, {}]) {
      const response = await t.http.patch('/api/me/calendar').set(bearer(member.token)).send(body).expect(422);
      expect(response.body).toEqual({ errors: ['mode must be one of: games, weeks'] });
    }
    expect((await feedOf(member.token)).mode).toBe('games');
  });

  it('moves the event of a game whose kickoff moved, with a later DTSTAMP and a higher SEQUENCE, under the same UID', async () => {
    const { url } = await feedOf(member.token);
    const moved = games[0];
    const uid = `game-${moved.id}@pool.test`;
    const before = (await fetchFeed(url)).events.find((event) => event.uid === uid)!;
    expect(before.start).toBe(deadline(moved));

    // From the week's last kickoff to its first.
    const kickoff = new Date(moved.game_date.getTime() - 30 * HOUR_MS);
    await t.http.patch(`/api/games/${moved.id}`).set(bearer(admin)).send({ game_date: kickoff.toISOString() }).expect(200);
    const after = (await fetchFeed(url)).events.find((event) => event.uid === uid)!;
    expect(after.start).toBe(kickoff.getTime() - HOUR_MS);
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.stamp).toBeGreaterThan(before.stamp);
    // The events stay in deadline order.
    expect((await fetchFeed(url)).events.map((event) => event.uid)).toEqual([moved, games[1], games[3]].map((game) => `game-${game.id}@pool.test`));
  });

  it('rotating makes a new URL: the old one answers 404 from then on, the new one serves the feed', async () => {
    const old = await feedOf(member.token);
    const rotated = await t.http.post('/api/me/calendar/rotate').set(bearer(member.token)).expect(200);
    expect(rotated.body.url).not.toBe(old.url);
    expect(rotated.body.mode).toBe(old.mode);
    expect((await feedOf(member.token)).url).toBe(rotated.body.url);
    const refused = await t.http.get(pathOf(old.url)).expect(404);
    expect(refused.body).toEqual(NOT_FOUND);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await fetchFeed(rotated.body.url)).events).toHaveLength(3);
    // The other member's URL is untouched.
    await t.http.get(pathOf((await feedOf(other.token)).url)).expect(200);
  });

  it('answers 404 to a tampered, forged or malformed token, and to another member\'s id under one\'s own signature', async () => {
    const { url } = await feedOf(member.token);
    const token = /\/api\/calendar\/([^/]+)\.ics$/.exec(url)![1];
    const bytes = Buffer.from(token, 'base64url');
    // The other member's id and version (0) with this member's signature.
    const forged = Buffer.from(bytes);
    forged.writeUInt32BE(other.id, 0);
    forged.writeUInt32BE(0, 4);
    const flipped = Buffer.from(bytes);
    flipped[bytes.length - 1] ^= 1;
    const files = [
      `${forged.toString('base64url')}.ics`,
      `${flipped.toString('base64url')}.ics`,
      token, // without .ics
      `${token}.ical`,
      `${token.slice(0, -2)}.ics`,
      `${other.token.split('.')[2]}.ics`, // a session token's signature is no feed token
      'not-a-token.ics',
      '.ics',
    ];
    for (const file of files) {
      const response = await t.http.get(`/api/calendar/${encodeURIComponent(file)}`).expect(404);
      expect(response.body).toEqual(NOT_FOUND);
    }
  });

  it('keeps /api/me/calendar for signed-in members: a visitor gets 401', async () => {
    await t.http.get('/api/me/calendar').expect(401);
    await t.http.patch('/api/me/calendar').send({ mode: 'weeks' }).expect(401);
    await t.http.post('/api/me/calendar/rotate').expect(401);
  });

  it('serves an empty calendar while no season is current', async () => {
    const { url } = await feedOf(member.token);
    const seasons = t.dataSource.getRepository(FootballSeason);
    await seasons.update({ id: seasonId }, { is_current: false });
    try {
      const { name, events } = await fetchFeed(url);
      expect(name).toBe('Tailgate Picks deadlines');
      expect(events).toEqual([]);
    } finally {
      await seasons.update({ id: seasonId }, { is_current: true });
    }
  });

  it('puts a game kept locked after its kickoff moved later at the time it was locked', async () => {
    const { url } = await feedOf(member.token);
    const week = await createWeek(t.dataSource, { football_season_id: seasonId, number: 3 });
    const lockedAt = new Date(Math.floor(Date.now() / 1000) * 1000 - HOUR_MS);
    const game = await createGame(t.dataSource, { week_id: week.id, game_date: kickoffIn(48), picks_locked_at: lockedAt });
    const event = (await fetchFeed(url)).events.find((one) => one.uid === `game-${game.id}@pool.test`)!;
    expect(event.start).toBe(lockedAt.getTime());
  });
  it('puts a game with a final before its deadline at its last change: its picks closed then (docs/results-integrity.md)', async () => {
    const { url } = await feedOf(member.token);
    const week = await createWeek(t.dataSource, { football_season_id: seasonId, number: 5 });
    const scoredAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 2 * HOUR_MS);
    const game = await createGame(t.dataSource, { week_id: week.id, game_date: kickoffIn(72), status: 'completed', home_score: 21, away_score: 14 });
    await t.dataSource.getRepository(Game).createQueryBuilder().update().set({ updated_at: scoredAt }).where('id = :id', { id: game.id }).execute();
    const event = (await fetchFeed(url)).events.find((one) => one.uid === `game-${game.id}@pool.test`)!;
    expect(event.start).toBe(scoredAt.getTime());
  });
  it('moves a week\'s event to the next deadline when its first game is cancelled, and drops that game\'s own event', async () => {
    const { url } = await feedOf(member.token);
    const week = await createWeek(t.dataSource, { football_season_id: seasonId, number: 4 });
    const first = await createGame(t.dataSource, { week_id: week.id, game_date: kickoffIn(100) });
    const second = await createGame(t.dataSource, { week_id: week.id, game_date: kickoffIn(110) });
    await t.dataSource.getRepository(Game).createQueryBuilder().update().set({ updated_at: new Date(Date.now() - 24 * HOUR_MS) }).execute();
    await setMode(member.token, 'weeks').expect(200);
    const weekEvent = async () => (await fetchFeed(url)).events.find((event) => event.uid === `week-${week.id}@pool.test`)!;
    const before = await weekEvent();
    expect(before.start).toBe(deadline(first));
    expect(before.description).toContain("week's 2 games");

    await t.http.patch(`/api/games/${first.id}`).set(bearer(admin)).send({ status: 'cancelled' }).expect(200);
    const after = await weekEvent();
    expect(after.start).toBe(deadline(second));
    expect(after.description).toContain("week's 1 game ");
    expect(after.sequence).toBeGreaterThan(before.sequence);

    await setMode(member.token, 'games').expect(200);
    const uids = (await fetchFeed(url)).events.map((event) => event.uid);
    expect(uids).toContain(`game-${second.id}@pool.test`);
    expect(uids).not.toContain(`game-${first.id}@pool.test`);
  });
});
