import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Game, Pick, WeeklyResult, WeekStatus } from '../../api/types';
import { TONES } from '../tones';
import { pickSummary } from './pickRules';
import { formatCountdown, formatDateTime, ordinal } from '../../format';

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
      <Typography component="p" sx={{ fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.3 }} data-testid="week-record">
        {result.wins}–{result.losses}
        {result.rank !== null && `, ${ordinal(result.rank)}`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {result.wins} {result.wins === 1 ? 'win' : 'wins'}, {result.losses} {result.losses === 1 ? 'loss' : 'losses'}
        {result.rank !== null && ` · ${ordinal(result.rank)} of ${of}`}
        {result.tiebreaker_score !== null && ` · tiebreaker ${result.tiebreaker_score} off`}
      </Typography>
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
    <Paper variant="outlined" component="section" aria-labelledby="pick-status-summary" sx={{ p: 2 }}>
      <Typography id="pick-status-summary" variant="h6" component="h2" gutterBottom>
        Pick Status Summary
      </Typography>
      {weekResult ? (
        <WeekRecord result={weekResult.result} of={weekResult.of} />
      ) : (
        <>
          <Typography>
            Picks made: <strong>{summary.made}</strong> {missed > 0 ? MISSED_TEXTS.openToYou(reachable) : `of ${summary.total} games`}
          </Typography>
          <Box
            role="progressbar"
            aria-label="Games picked"
            aria-valuemin={0}
            aria-valuemax={reachable}
            aria-valuenow={summary.made}
            sx={{ my: 1, height: 8, borderRadius: 4, bgcolor: 'action.selected', overflow: 'hidden' }}
          >
            <Box sx={{ height: '100%', width: `${reachable ? (100 * summary.made) / reachable : 0}%`, bgcolor: 'primary.main', transition: 'width 200ms' }} />
          </Box>
          {missed > 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="missed-games" sx={{ mb: 0.5 }}>
              {MISSED_TEXTS.closed(missed, beforeJoining)} {MISSED_TEXTS.counts(missed, summary.made > 0)}
            </Typography>
          )}
          {summary.tiebreaker !== 'none' && (
            <Typography>
              Tiebreaker:{' '}
              <Box component="span" sx={{ ...(summary.tiebreaker === 'done' ? TONES.good : TONES.warn), px: 0.75, borderRadius: 1, fontWeight: 600 }}>
                {summary.tiebreaker === 'done' ? 'Done' : 'Missing'}
              </Box>
            </Typography>
          )}
          <Typography sx={{ mt: 0.5 }}>
            {next ? (
              <>
                Next deadline: {formatDateTime(next.pick_deadline)} (<span aria-live="off">in {formatCountdown(Date.parse(next.pick_deadline) - now)}</span>)
              </>
            ) : (
              'No open deadlines this week'
            )}
          </Typography>
        </>
      )}
      {children}
    </Paper>
  );
}
