/**
 * The weekly e-mail's personal lines (docs/member-pages.md#the-weekly-e-mail): the member's place in the season
 * standings and the picks they still have to make. Pure, so the wording is tested without a mail server.
 */
import type { MissingPicks } from './missing-picks';

/** What the season standings hold for one member (a SeasonStanding row). */
export interface StandingFacts {
  rank: number;
  total_wins: number;
  total_losses: number;
  total_pushes: number;
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * "You are 3rd of 12 in the season standings, 14-6." (ties: "tied for 3rd"; pushes: "14-6-1"); null before the
 * season has standings for the member (their first week).
 */
export function standingLine(mine: StandingFacts | undefined, all: readonly Pick<StandingFacts, 'rank'>[]): string | null {
  if (!mine) return null;
  const tied = all.filter((row) => row.rank === mine.rank).length > 1;
  const record = `${mine.total_wins}-${mine.total_losses}${mine.total_pushes ? `-${mine.total_pushes}` : ''}`;
  return `You are ${tied ? 'tied for ' : ''}${ordinal(mine.rank)} of ${all.length} in the season standings, ${record}.`;
}

/**
 * What the member still has to pick of the week's open games: counted against the games still open (a member who
 * joined late is told "3 of 7", not "of 10"). Null once no game is open.
 */
export function missingLine(openGames: number, entry: Pick<MissingPicks<unknown>, 'missing' | 'missing_tiebreaker'> | undefined): string | null {
  if (openGames === 0) return null;
  const missing = entry?.missing.length ?? 0;
  const tiebreaker = entry?.missing_tiebreaker ?? false;
  const games = (n: number) => `${n} ${n === 1 ? 'game' : 'games'}`;
  if (missing === 0 && !tiebreaker) return `You have picked all ${games(openGames)} open for picks.`;
  if (missing === 0) return 'Your picks are in; the tiebreaker score is still to enter.';
  const andTiebreaker = tiebreaker ? ' and the tiebreaker score' : '';
  if (missing === openGames) return `You have not picked yet: ${games(openGames)} open for picks${andTiebreaker}.`;
  return `You still have ${missing} of ${games(openGames)} open for picks to make${andTiebreaker}.`;
}
