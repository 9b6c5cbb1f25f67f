import type { ReactNode } from 'react';
import type { Game, Pick, WeeklyResult, WeekStatus } from '../../api/types';
import { pickSummary } from './pickRules';
import { formatCountdown, formatDateTime, ordinal } from '../../format';
import '../cards.css';
import '../tones.css';
import './PickStatusSummary.css';

/** The texts of the pick status for games that closed without the member's pick (docs/member-pages.md#late-joiners). */
export const MISSED_TEXTS = {
  /** "of 7 games open to you": the games the member picked or can still pick. */
  openToYou: (count: number) => `of ${count} ${count === 1 ? 'game' : 'games'} open to you`,
  /** "3 games closed before you joined." / "1 game closed without your pick." */
  closed: (count: number, beforeJoining: boolean) =>
    `${count} ${count === 1 ? 'game' : 'games'} closed ${beforeJoining ? 'before you joined' : 'without your pick'}.`,
  /** What they count for: losses once decided, but only in a week the member picks in. */
  counts: (count: number, hasPicks: boolean) => {
    const losses = count === 1 ? 'it counts as a loss' : 'they count as losses';
    return hasPicks ? `${losses[0].toUpperCase()}${losses.slice(1)} once decided.` : `Once you pick this week, ${losses} once decided.`;
  },
} as const;

/** How the member did in a finished week: "3–7, 6th" (their record and rank among the week's results). */
export function WeekRecord({ result, of }: { result: WeeklyResult; of: number }) {
  return (
    <>
      <p className="pick-status__record" data-testid="week-record">
        {result.wins}–{result.losses}
        {result.rank !== null && `, ${ordinal(result.rank)}`}
      </p>
      <p className="tg-secondary">
        {result.wins} {result.wins === 1 ? 'win' : 'wins'}, {result.losses} {result.losses === 1 ? 'loss' : 'losses'}
        {result.rank !== null && ` · ${ordinal(result.rank)} of ${of}`}
        {result.tiebreaker_score !== null && ` · tiebreaker ${result.tiebreaker_score} off`}
      </p>
    </>
  );
}

/**
 * Picks made of games, the tiebreaker done or missing, and the next deadline with a countdown. A finished week
 * whose results are calculated says how the member did instead (record and rank); `weekResult` is undefined while
 * that is unknown (an open week, no results yet, or no picks that week).
 */
export function PickStatusSummary({
  games,
  picks,
  weekStatus,
  now,
  weekResult,
  joinedAt,
  children,
}: {
  games: Game[];
  picks: Pick[];
  weekStatus?: WeekStatus;
  now: number;
  weekResult?: { result: WeeklyResult; of: number };
  /** When the member's account was made: games that closed before it were never open to them. */
  joinedAt?: string;
  /** Shown last in the card (the dashboard's link to how the pool works). */
  children?: ReactNode;
}) {
  const summary = pickSummary(games, picks, weekStatus, now);
  const next = summary.nextDeadline;
  const missed = summary.missed.length;
  // What the member can still reach: every game but those that closed without their pick ("2 of 7", never "of 10").
  const reachable = summary.total - missed;
  const joined = joinedAt ? Date.parse(joinedAt) : NaN;
  const beforeJoining = missed > 0 && summary.missed.every((game) => Date.parse(game.pick_deadline) < joined);
  return (
    <section className="tg-card pick-status" aria-labelledby="pick-status-summary">
      <h2 id="pick-status-summary" className="tg-h6 pick-status__heading">
        Pick Status Summary
      </h2>
      {weekResult ? (
        <WeekRecord result={weekResult.result} of={weekResult.of} />
      ) : (
        <>
          <p className="tg-body1">
            Picks made: <strong>{summary.made}</strong> {missed > 0 ? MISSED_TEXTS.openToYou(reachable) : `of ${summary.total} games`}
          </p>
          <div
            role="progressbar"
            aria-label="Games picked"
            aria-valuemin={0}
            aria-valuemax={reachable}
            aria-valuenow={summary.made}
            className="pick-status__bar"
          >
            <div style={{ width: `${reachable ? (100 * summary.made) / reachable : 0}%` }} />
          </div>
          {missed > 0 && (
            <p className="tg-secondary pick-status__missed" data-testid="missed-games">
              {MISSED_TEXTS.closed(missed, beforeJoining)} {MISSED_TEXTS.counts(missed, summary.made > 0)}
            </p>
          )}
          {summary.tiebreaker !== 'none' && (
            <p className="tg-body1">
              Tiebreaker:{' '}
              <span className={`pick-status__badge ${summary.tiebreaker === 'done' ? 'tg-tone--good' : 'tg-tone--warn'}`}>
                {summary.tiebreaker === 'done' ? 'Done' : 'Missing'}
              </span>
            </p>
          )}
          <p className="tg-body1 pick-status__next">
            {next ? (
              <>
                Next deadline: {formatDateTime(next.pick_deadline)} (<span aria-live="off">in {formatCountdown(Date.parse(next.pick_deadline) - now)}</span>)
              </>
            ) : (
              'No open deadlines this week'
            )}
          </p>
        </>
      )}
      {children}
    </section>
  );
}
