import type { SeasonRules, SeasonStanding, WeeklyResult } from '../../api/types';
import { ordinal } from '../../format';
import { gamesBehind, pointsText, resultColumnsOf } from './leaderboard';

/** The texts of the member's own line on the results page (docs/member-pages.md#results). */
export const YOUR_RESULTS_TEXTS = {
  heading: 'Your results',
  /** "Week 10: 4–6, 4th of 6 · tiebreaker 3 off". */
  week: (weekName: string, result: WeeklyResult, of: number) =>
    `${weekName}: ${result.wins}–${result.losses}${result.rank !== null ? `, ${ordinal(result.rank)} of ${of}` : ''}${
      result.tiebreaker_score !== null ? ` · tiebreaker ${result.tiebreaker_score} off` : ''
    }`,
  /** "Season: 2nd of 6, 3 games behind" / "Season: 1st of 6, leading". */
  season: (rank: number, of: number, behind: number, byPoints: boolean) =>
    `Season: ${ordinal(rank)} of ${of}, ${
      behind === 0 ? 'leading' : byPoints ? `${pointsText(behind)} ${behind === 1 ? 'point' : 'points'} behind` : `${behind} ${behind === 1 ? 'game' : 'games'} behind`
    }`,
} as const;

/**
 * What a member opens the results page for, first: their record and place in the selected week and in the season.
 * Nothing for someone without a row in either (an admin who doesn't play, a member who hasn't picked yet).
 */
export function YourResults({
  userId,
  weekName,
  results,
  standings,
  rules,
}: {
  userId: number | undefined;
  weekName: string | undefined;
  results: WeeklyResult[] | undefined;
  standings: SeasonStanding[] | undefined;
  rules?: SeasonRules;
}) {
  const week = results?.find((result) => result.user.id === userId);
  const season = standings?.find((standing) => standing.user.id === userId);
  if (userId === undefined || (!week && !season)) return null;
  const byPoints = resultColumnsOf(rules).points;
  return (
    <section className="tg-card tg-panel" aria-labelledby="your-results-heading">
      <h2 id="your-results-heading" className="tg-subtitle">
        {YOUR_RESULTS_TEXTS.heading}
      </h2>
      {week && results && weekName && (
        <p className="tg-body1" data-testid="your-week">
          {YOUR_RESULTS_TEXTS.week(weekName, week, results.length)}
        </p>
      )}
      {season && standings && (
        <p className="tg-body1" data-testid="your-season">
          {YOUR_RESULTS_TEXTS.season(season.rank, standings.length, gamesBehind(standings, byPoints)(season), byPoints)}
        </p>
      )}
    </section>
  );
}
