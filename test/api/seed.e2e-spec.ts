import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Game } from '../../src/games/entities/game.entity';
import { Pick } from '../../src/picks/entities/pick.entity';
import { FootballSeason } from '../../src/seasons/entities/football-season.entity';
import { LINE_MAX, seed } from '../../src/seeds/demo-seed';
import { Conference } from '../../src/teams/entities/conference.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { normalizedTeamName } from '../../src/teams/team-names';
import { User } from '../../src/users/entities/user.entity';
import { Week } from '../../src/seasons/weeks/entities/week.entity';
import { TestApp } from '../support/test-app';

const FIXTURES = join(__dirname, '..', 'fixtures', 'providers', 'ncaa-api');
/** A Sunday: week 11 starts today, weeks 1 to 10 are played. */
const NOW = new Date('2026-11-22T15:00:00Z');

/** "away@home away_score-home_score" of every final in the scoreboard's raw files, the seed's parsers not involved. */
function scoreboardFinals(): Set<string> {
  const finals = new Set<string>();
  for (const file of ['scoreboard-2025-01.json', 'scoreboard-2025-02.json', 'scoreboard-postseason.json']) {
    const { games } = JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as { games: { game: Record<'home' | 'away', { score: string; names: { short: string } }> }[] };
    for (const { game } of games) {
      finals.add(`${normalizedTeamName(game.away.names.short)}@${normalizedTeamName(game.home.names.short)} ${game.away.score}-${game.home.score}`);
    }
  }
  return finals;
}

const eastern = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', hour: 'numeric', minute: '2-digit' });

describe('npm run seed', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  const counts = async (app: TestApp) => {
    const m = app.dataSource.manager;
    return {
      conferences: await m.count(Conference),
      teams: await m.count(Team),
      seasons: await m.count(FootballSeason),
      weeks: await m.count(Week),
      games: await m.count(Game),
      picks: await m.count(Pick),
      users: await m.count(User),
    };
  };

  /** The season as names and numbers, comparable across databases. */
  const snapshot = async (app: TestApp) => {
    const teams = new Map((await app.dataSource.getRepository(Team).find()).map((team) => [team.id, team]));
    const weeks = new Map((await app.dataSource.getRepository(Week).find()).map((week) => [week.id, week]));
    const games = await app.dataSource.getRepository(Game).find({ order: { id: 'ASC' } });
    const users = new Map((await app.dataSource.getRepository(User).find()).map((user) => [user.id, user.email]));
    const picks = await app.dataSource.getRepository(Pick).find({ order: { id: 'ASC' } });
    const gameIds = new Map(games.map((game, index) => [game.id, index]));
    return {
      games: games.map((game) => ({
        week: weeks.get(game.week_id)!.number,
        home: teams.get(game.home_team_id)!.name,
        away: teams.get(game.away_team_id)!.name,
        game_date: game.game_date.toISOString(),
        score: [game.away_score, game.home_score],
        line: [game.betting_line, game.betting_line_team],
        ranks: [game.away_team_ranking, game.home_team_ranking],
        tiebreaker: game.is_tiebreaker,
      })),
      picks: picks.map((pick) => [users.get(pick.user_id), gameIds.get(pick.game_id), teams.get(pick.selected_team_id)!.name, pick.tiebreaker_home_score, pick.tiebreaker_away_score]),
    };
  };

  it('builds the demo season from the real 2025 games around today, and a second run duplicates nothing', async () => {
    const first = await t.dataSource.transaction((manager) => seed(manager, NOW));
    expect(first).toEqual(expect.objectContaining({ conferences: 11, teams: 136, seasonCreated: true, members: 6 }));
    const after = await counts(t);
    expect(after).toEqual(expect.objectContaining({ conferences: 11, teams: 136, seasons: 1, weeks: 15, games: 150, users: 7 }));

    const teams = new Map((await t.dataSource.getRepository(Team).find()).map((team) => [team.id, team]));
    const weeks = await t.dataSource.getRepository(Week).find({ order: { number: 'ASC' } });
    const games = await t.dataSource.getRepository(Game).find({ order: { game_date: 'ASC', id: 'ASC' } });
    const weekOf = new Map(weeks.map((week) => [week.id, week.number]));
    const pair = (game: Game) => `${game.away_team_id}@${game.home_team_id}`;
    for (const week of weeks) {
      const ofWeek = games.filter((game) => game.week_id === week.id);
      expect(ofWeek).toHaveLength(10);
      // Exactly one tiebreaker, the week's last kickoff.
      expect(ofWeek.filter((game) => game.is_tiebreaker)).toEqual([ofWeek.at(-1)]);
      expect(new Set(ofWeek.flatMap((game) => [game.home_team_id, game.away_team_id])).size).toBe(20);
      // Every kickoff falls on a day of its week, in the pool's (Eastern) calendar.
      for (const game of ofWeek) {
        const day = game.game_date.toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
        expect(day >= week.start_date && day <= week.end_date).toBe(true);
      }
    }
    const current = weeks.find((week) => week.start_date <= '2026-11-22' && week.end_date >= '2026-11-22');
    expect(current?.number).toBe(11);

    // Weeks 1 to 10 are played: real games, each matchup once, with their real final scores.
    const finals = scoreboardFinals();
    const names = (id: number) => [teams.get(id)!.name, ...(teams.get(id)!.alternate_names ?? [])].map(normalizedTeamName);
    const played = games.filter((game) => weekOf.get(game.week_id)! <= 10);
    expect(played).toHaveLength(100);
    for (const game of played) {
      expect(game.status).toBe('completed');
      const real = names(game.away_team_id).flatMap((away) => names(game.home_team_id).map((home) => `${away}@${home} ${game.away_score}-${game.home_score}`));
      expect(real.find((entry) => finals.has(entry))).toBeDefined();
      expect(game.winner_team_id).toBe(game.home_score! > game.away_score! ? game.home_team_id : game.away_team_id);
    }
    const matchups = (list: Game[]) => new Set(list.map((game) => [game.home_team_id, game.away_team_id].sort((a, b) => a - b).join('-')));
    expect(matchups(played).size).toBe(100);

    // The season's first game of note: Iowa State at Kansas State in Dublin, 24-21, on the Saturday of week 1 at noon
    // Eastern (in 2025: August 23, 16:00 UTC under daylight saving), with the AP ranks they had at kickoff.
    const dublin = games.find((game) => teams.get(game.away_team_id)!.name === 'Iowa State' && teams.get(game.home_team_id)!.name === 'Kansas State');
    expect(dublin).toEqual(
      expect.objectContaining({
        name: 'Aer Lingus College Football Classic',
        game_date: new Date('2026-09-19T16:00:00Z'),
        status: 'completed',
        away_score: 24,
        home_score: 21,
        winner_team_id: dublin!.away_team_id,
        away_team_ranking: 22,
        home_team_ranking: 17,
        betting_line_team: 'away',
      }),
    );
    expect(weekOf.get(dublin!.week_id)).toBe(1);
    expect([2.5, 3.5]).toContain(dublin!.betting_line);
    // Texas at Ohio State, #1 at #3, noon on a Saturday; a postseason game keeps its Friday night in week 11 (after
    // daylight saving ended: 8 pm Eastern is 01:00 UTC), still to be played.
    const find = (away: string, home: string) => games.find((game) => teams.get(game.away_team_id)!.name === away && teams.get(game.home_team_id)!.name === home)!;
    expect(find('Texas', 'Ohio State')).toEqual(expect.objectContaining({ away_score: 7, home_score: 14, away_team_ranking: 1, home_team_ranking: 3 }));
    expect(eastern.format(find('Texas', 'Ohio State').game_date)).toBe('Sat 12:00 PM');
    const cfp = find('Alabama', 'Oklahoma');
    expect(weekOf.get(cfp.week_id)).toBe(11);
    expect(cfp).toEqual(expect.objectContaining({ game_date: new Date('2026-11-28T01:00:00Z'), status: 'scheduled', home_score: null, winner_team_id: null, betting_line_team: 'away' }));
    expect(eastern.format(cfp.game_date)).toBe('Fri 8:00 PM');

    // Lines: the real winner is the favourite, by the real margin moved half a point either way.
    for (const game of played) {
      expect(game.betting_line_team).toBe(game.winner_team_id === game.home_team_id ? 'home' : 'away');
      expect(Math.abs(Math.min(Math.abs(game.home_score! - game.away_score!), LINE_MAX) - game.betting_line!)).toBe(0.5);
    }

    // Weeks 12 to 15 (and the last game of week 11) are rematches: a real matchup of an earlier week, home and away
    // swapped, with the same favourite; nothing is final yet.
    const future = games.filter((game) => game.game_date.getTime() > NOW.getTime());
    expect(future.every((game) => game.status === 'scheduled' && game.winner_team_id === null && game.home_score === null)).toBe(true);
    const rematches = games.filter((game) => weekOf.get(game.week_id)! >= 12);
    expect(rematches).toHaveLength(40);
    for (const game of rematches) {
      const original = games.find((other) => pair(other) === `${game.home_team_id}@${game.away_team_id}`);
      expect(original).toBeDefined();
      expect(weekOf.get(original!.week_id)!).toBeLessThan(weekOf.get(game.week_id)!);
      expect(game.betting_line_team).not.toBe(original!.betting_line_team);
      expect([game.home_team_ranking, game.away_team_ranking]).toEqual([original!.away_team_ranking, original!.home_team_ranking]);
    }
    expect(find('Kansas State', 'Iowa State')).toEqual(expect.objectContaining({ home_team_ranking: 22, away_team_ranking: 17, betting_line_team: 'home', name: null }));

    expect(after.picks).toBeGreaterThan(6 * 10 * 10);

    const second = await t.dataSource.transaction((manager) => seed(manager, NOW));
    expect(second.seasonCreated).toBe(false);
    expect(await counts(t)).toEqual(after);
  });

  it('builds the same season in another database for the same "now"', async () => {
    const other = await TestApp.start();
    try {
      await other.dataSource.transaction((manager) => seed(manager, NOW));
      expect(await snapshot(other)).toEqual(await snapshot(t));
    } finally {
      await other.close();
    }
  });
});
