/**
 * The test oracle: the scoring rules of docs/product.md#states, #constants as small pure functions. The results services compute the
 * same numbers set-wise in SQL (src/results/sql.ts); these are the readable statement of the rules, unit-tested, and
 * the reference the API tests hold the SQL engine to. The ranking itself is production code (the pick grid uses it).
 */
import { compareRecords, rank, tiebreakerScore } from '../../src/results/ranking';

export { compareRecords, rank, tiebreakerScore };

/** A week's record for one member, before ranking. */
export interface WeekRecord {
  user_id: number;
  wins: number;
  losses: number;
  total_games: number;
  win_percentage: number;
  /** Distance of the tiebreaker prediction from the final score; null without a prediction. */
  tiebreaker_score: number | null;
}

export interface ScoredGame {
  id: number;
  status: string;
  winner_team_id: number | null;
  is_tiebreaker: boolean;
  home_score: number | null;
  away_score: number | null;
}

export interface ScoredPick {
  user_id: number;
  game_id: number;
  selected_team_id: number;
  tiebreaker_home_score: number | null;
  tiebreaker_away_score: number | null;
}

/** Wins out of games played, as a percentage with one decimal. */
export function winPercentage(wins: number, totalGames: number): number {
  return totalGames === 0 ? 0 : Math.round((wins * 1000) / totalGames) / 10;
}

/**
 * One record per member with at least one pick in the week. Cancelled games do not count; a game the member left
 * unpicked counts as a loss.
 */
export function scoreWeek(games: ScoredGame[], picks: ScoredPick[]): WeekRecord[] {
  const played = new Map(games.filter((game) => game.status !== 'cancelled').map((game) => [game.id, game]));
  const byUser = new Map<number, ScoredPick[]>();
  for (const pick of picks) byUser.set(pick.user_id, [...(byUser.get(pick.user_id) ?? []), pick]);
  return [...byUser].map(([user_id, own]) => {
    let wins = 0;
    let tiebreaker: number | null = null;
    for (const pick of own) {
      const game = played.get(pick.game_id);
      if (!game) continue;
      if (game.winner_team_id === pick.selected_team_id) wins += 1;
      if (game.is_tiebreaker) {
        const score = tiebreakerScore(
          { home: pick.tiebreaker_home_score, away: pick.tiebreaker_away_score },
          { home: game.home_score, away: game.away_score },
        );
        if (score !== null) tiebreaker = (tiebreaker ?? 0) + score;
      }
    }
    const total_games = played.size;
    return { user_id, wins, losses: total_games - wins, total_games, win_percentage: winPercentage(wins, total_games), tiebreaker_score: tiebreaker };
  });
}

/** A member's season standing from their weekly records. */
export interface SeasonRecord {
  user_id: number;
  total_wins: number;
  total_losses: number;
  total_games: number;
  win_percentage: number;
  weeks_participated: number;
  total_tiebreaker_score: number;
  avg_tiebreaker_score: number | null;
}

export function scoreSeason(weeks: WeekRecord[]): SeasonRecord[] {
  const byUser = new Map<number, WeekRecord[]>();
  for (const week of weeks) byUser.set(week.user_id, [...(byUser.get(week.user_id) ?? []), week]);
  return [...byUser].map(([user_id, own]) => {
    const sum = (pick: (week: WeekRecord) => number) => own.reduce((total, week) => total + pick(week), 0);
    const tiebreakers = own.map((week) => week.tiebreaker_score).filter((score): score is number => score !== null);
    const total_wins = sum((week) => week.wins);
    const total_games = sum((week) => week.total_games);
    return {
      user_id,
      total_wins,
      total_losses: sum((week) => week.losses),
      total_games,
      win_percentage: winPercentage(total_wins, total_games),
      weeks_participated: own.length,
      total_tiebreaker_score: tiebreakers.reduce((total, score) => total + score, 0),
      avg_tiebreaker_score: tiebreakers.length ? Math.round((tiebreakers.reduce((t, s) => t + s, 0) * 10) / tiebreakers.length) / 10 : null,
    };
  });
}

/** Season order: the weekly order on season totals; a member who never gave a tiebreaker prediction sorts last. */
export const compareSeasonRecords = (a: SeasonRecord, b: SeasonRecord): number =>
  compareRecords(
    { wins: a.total_wins, losses: a.total_losses, tiebreaker: a.avg_tiebreaker_score === null ? null : a.total_tiebreaker_score },
    { wins: b.total_wins, losses: b.total_losses, tiebreaker: b.avg_tiebreaker_score === null ? null : b.total_tiebreaker_score },
  );
