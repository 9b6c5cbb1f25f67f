/**
 * The league the benchmarks stand on, built through the API as the admin: one conference, two teams a game, a season
 * (30 days back to 90 ahead), its current week 1, then the games (the last one the tiebreaker). Shared by
 * `bench:live` and `bench:api` so both set up the same way; each passes its own names and game details (kickoffs,
 * lines). Each bench keeps its own HTTP client and hands in a setup call bound to its app.
 */

/** A setup call that must succeed (the bench's own `must`, bound to the app it builds on). */
export type SetupCall = <T>(method: string, path: string, options?: { token?: string; body?: unknown }) => Promise<T>;

export interface LeagueTeam {
  id: number;
  name: string;
}

/** Shaped as the api floor's `FloorGame`, so `bench:api` can hand the games on as they are. */
export interface LeagueGame {
  id: number;
  week_id: number;
  home: LeagueTeam;
  away: LeagueTeam;
}

export interface LeagueOptions {
  admin: { email: string; password: string };
  games: number;
  /** The word in the names: `<label> Conference <run>`, `<label> Team <i> <run>`, season `<label> <run>`. */
  label: string;
  /** The teams' nickname: `<nickname> <i>`. */
  nickname: string;
  /** The bench's own fields of game `g`'s body (its `game_date` at least); week, teams and tiebreaker are set here. */
  game: (g: number) => Record<string, unknown>;
}

export interface League {
  adminToken: string;
  conferenceId: number;
  seasonId: number;
  weekId: number;
  /** In order; game `g` is teams `2g` (home) and `2g + 1` (away); the last one is the tiebreaker. */
  games: LeagueGame[];
}

export const DAY_MS = 86_400_000;
/** A calendar date (YYYY-MM-DD) `days` from today. */
export const dateFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
/** An instant `ms` from now, to the second, as the API takes kickoffs. */
export const instant = (ms: number) => new Date(Date.now() + ms).toISOString().replace(/\.\d+Z$/, 'Z');

/** Builds the league one call at a time (names made unique by process and time, so reruns on one database do not clash). */
export async function buildLeague(must: SetupCall, options: LeagueOptions): Promise<League> {
  const { label, nickname } = options;
  const { token: adminToken } = await must<{ token: string }>('POST', '/api/users/login', { body: options.admin });
  const as = { token: adminToken };
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const conference = await must<{ id: number }>('POST', '/api/conferences', { ...as, body: { name: `${label} Conference ${run}` } });
  const teams: LeagueTeam[] = [];
  for (let i = 0; i < 2 * options.games; i++) {
    const name = `${label} Team ${i} ${run}`;
    const team = await must<{ id: number }>('POST', '/api/teams', {
      ...as,
      body: { name, nickname: `${nickname} ${i}`, city: 'Springfield', state: 'IL', conference_id: conference.id, webpage_url: 'https://example.com' },
    });
    teams.push({ id: team.id, name });
  }
  const season = await must<{ id: number }>('POST', '/api/football_seasons', {
    ...as,
    body: { name: `${label} ${run}`, start_date: dateFromNow(-30), end_date: dateFromNow(90) },
  });
  const week = await must<{ id: number }>('POST', '/api/weeks', {
    ...as,
    body: { number: 1, start_date: dateFromNow(-1), end_date: dateFromNow(6), football_season_id: season.id, is_current: true },
  });
  const games: LeagueGame[] = [];
  for (let g = 0; g < options.games; g++) {
    const [home, away] = [teams[2 * g], teams[2 * g + 1]];
    const game = await must<{ id: number }>('POST', '/api/games', {
      ...as,
      body: { week_id: week.id, home_team_id: home.id, away_team_id: away.id, is_tiebreaker: g === options.games - 1, ...options.game(g) },
    });
    games.push({ id: game.id, week_id: week.id, home, away });
  }
  return { adminToken, conferenceId: conference.id, seasonId: season.id, weekId: week.id, games };
}
