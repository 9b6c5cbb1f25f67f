import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cfbdGames } from '../imports/providers/cfbd.provider';
import type { ExternalGame } from '../imports/providers/provider';
import { scoreboardGames } from '../imports/providers/scoreboard.provider';
import type { TeamIndex } from '../imports/team-matcher';

/**
 * The real 2025 games the demo season is built from: the providers' answers kept as test fixtures. The seed is a
 * development tool run from a checkout (ts-node), so it reads them where the repository keeps them; the same path
 * holds for dist/seeds, two folders below the root as well.
 */
export const FIXTURES_DIR = resolve(__dirname, '..', '..', 'test', 'fixtures', 'providers');

/** Kickoffs keep their real weekday and time of day as the schedules announce them: Eastern time. */
export const KICKOFF_TIME_ZONE = 'America/New_York';

const FILES = {
  cfbdWeek1: 'cfbd/games-2025-week1.json',
  scoreboardWeek1: 'ncaa-api/scoreboard-2025-01.json',
  scoreboardWeek2: 'ncaa-api/scoreboard-2025-02.json',
  scoreboardPostseason: 'ncaa-api/scoreboard-postseason.json',
} as const;

/** The fixtures are not where a checkout keeps them (the seed was run from somewhere else, such as the image). */
export class MissingFixturesError extends Error {}

export type RealGameSources = Record<keyof typeof FILES, ExternalGame[]>;

/** The fixtures through the providers' own parsers, so the seed reads them exactly as an import would. */
export function readRealGames(dir = FIXTURES_DIR): RealGameSources {
  const missing = Object.values(FILES).filter((file) => !existsSync(join(dir, file)));
  if (missing.length > 0) {
    throw new MissingFixturesError(
      `The demo season is built from the real 2025 games in ${dir}, but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not there. ` +
        'Run `npm run seed` from a checkout of the repository (the production image does not ship the test fixtures).',
    );
  }
  const read = (file: string): unknown => JSON.parse(readFileSync(join(dir, file), 'utf8'));
  return {
    cfbdWeek1: cfbdGames(read(FILES.cfbdWeek1)),
    scoreboardWeek1: scoreboardGames(read(FILES.scoreboardWeek1), { year: 2025, week: 1, season_type: 'regular' }),
    scoreboardWeek2: scoreboardGames(read(FILES.scoreboardWeek2), { year: 2025, week: 2, season_type: 'regular' }),
    scoreboardPostseason: scoreboardGames(read(FILES.scoreboardPostseason), { year: 2025, week: 1, season_type: 'postseason' }),
  };
}

/** A real game between two seeded teams, with its final score. */
export interface RealMatchup {
  home_team_id: number;
  away_team_id: number;
  kickoff: Date;
  home_score: number;
  away_score: number;
  home_rank: number | null;
  away_rank: number | null;
  name: string | null;
}

/** A game of the demo slate: a real matchup, or a rematch of one with home and away swapped. */
export interface SlateGame extends RealMatchup {
  rematch: boolean;
}

const pairKey = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

/**
 * The finished games between two of our teams (FCS opponents are left out), each pair once, in the order they were
 * played. Week 1 comes from CFBD (it names games such as the "Aer Lingus College Football Classic") with the AP
 * ranks at kickoff from the scoreboard's week 1, which has the same games; week 2 and the postseason from the
 * scoreboard (its postseason games carry no AP rank).
 */
export function realMatchups(sources: RealGameSources, cfbdTeams: TeamIndex, scoreboardTeams: TeamIndex): RealMatchup[] {
  const matched = (game: ExternalGame, index: TeamIndex) => {
    const home = index.match(game.home);
    const away = index.match(game.away);
    if (!home || !away || game.status !== 'completed' || game.home_score === null || game.away_score === null) return null;
    return { home_team_id: home.team_id, away_team_id: away.team_id, kickoff: game.kickoff, home_score: game.home_score, away_score: game.away_score };
  };
  const ranks = new Map<string, Map<number, number | null>>();
  for (const game of sources.scoreboardWeek1) {
    const found = matched(game, scoreboardTeams);
    if (found) ranks.set(pairKey(found.home_team_id, found.away_team_id), new Map([[found.home_team_id, game.home_rank], [found.away_team_id, game.away_rank]]));
  }
  const week1 = sources.cfbdWeek1.flatMap((game) => {
    const found = matched(game, cfbdTeams);
    if (!found) return [];
    const rank = ranks.get(pairKey(found.home_team_id, found.away_team_id));
    return [{ ...found, home_rank: rank?.get(found.home_team_id) ?? null, away_rank: rank?.get(found.away_team_id) ?? null, name: game.name }];
  });
  const fromScoreboard = (games: ExternalGame[]) =>
    games.flatMap((game) => {
      const found = matched(game, scoreboardTeams);
      return found ? [{ ...found, home_rank: game.home_rank, away_rank: game.away_rank, name: game.name }] : [];
    });
  const seen = new Set<string>();
  return [week1, fromScoreboard(sources.scoreboardWeek2), fromScoreboard(sources.scoreboardPostseason)]
    .flatMap((games) => [...games].sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime() || a.home_team_id - b.home_team_id))
    .filter((game) => {
      const key = pairKey(game.home_team_id, game.away_team_id);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * The demo season's games, week by week: the real matchups first, in the order they were played, then (the
 * fixtures hold fewer distinct matchups than the season needs) the same matchups again as rematches with home and
 * away swapped, which keep the original's result and ranks seen from the other side. A week takes the next games
 * whose teams it does not have yet, so no team plays twice in a week.
 */
export function demoSlate(matchups: RealMatchup[], weeks: number, gamesPerWeek: number): SlateGame[][] {
  const queue: SlateGame[] = [
    ...matchups.map((game) => ({ ...game, rematch: false })),
    ...matchups.map((game) => ({
      ...game,
      home_team_id: game.away_team_id,
      away_team_id: game.home_team_id,
      home_score: game.away_score,
      away_score: game.home_score,
      home_rank: game.away_rank,
      away_rank: game.home_rank,
      // A bowl's or a classic's name belongs to the original game, not to the rematch.
      name: null,
      rematch: true,
    })),
  ];
  const slate: SlateGame[][] = [];
  for (let number = 1; number <= weeks; number++) {
    const playing = new Set<number>();
    const week: SlateGame[] = [];
    for (let i = 0; i < queue.length && week.length < gamesPerWeek; ) {
      const game = queue[i];
      if (playing.has(game.home_team_id) || playing.has(game.away_team_id)) {
        i++;
        continue;
      }
      playing.add(game.home_team_id).add(game.away_team_id);
      week.push(game);
      queue.splice(i, 1);
    }
    if (week.length < gamesPerWeek) throw new Error(`The real 2025 games fill only ${number - 1} demo weeks of ${gamesPerWeek} games; week ${number} has ${week.length}.`);
    slate.push(week);
  }
  return slate;
}

const WEEKDAY_FORMAT = new Intl.DateTimeFormat('en-US', {
  timeZone: KICKOFF_TIME_ZONE,
  weekday: 'short',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** An instant as Eastern wall-clock parts. */
function easternParts(instant: Date): { weekday: number; year: number; month: number; day: number; hour: number; minute: number } {
  const parts = Object.fromEntries(WEEKDAY_FORMAT.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    weekday: WEEKDAYS.indexOf(parts.weekday),
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** Eastern wall-clock time on a calendar day (given as a UTC midnight) as an instant, daylight saving included. */
function easternInstant(day: Date, hour: number, minute: number): Date {
  const wall = day.getTime() + (hour * 60 + minute) * 60_000;
  let instant = wall;
  // Two rounds settle the offset, also on the days the clocks change.
  for (let round = 0; round < 2; round++) {
    const seen = easternParts(new Date(instant));
    const seenWall = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
    instant += wall - seenWall;
  }
  return new Date(instant);
}

/**
 * A real kickoff moved into a demo week (which runs Sunday to Saturday, `weekStart` its Sunday at UTC midnight):
 * the same weekday and the same Eastern time of day, so a Saturday noon game stays a Saturday noon game.
 */
export function kickoffInWeek(real: Date, weekStart: Date): Date {
  const { weekday, hour, minute } = easternParts(real);
  return easternInstant(new Date(weekStart.getTime() + weekday * 24 * 3600 * 1000), hour, minute);
}
