import { Box, Paper, Typography } from '@mui/material';
import type { Game, Pick, WeeklyResult, WeekStatus } from '../../api/types';
import { TONES } from '../tones';
import { pickSummary } from './pickRules';
import { formatCountdown, formatDateTime, ordinal } from '../../format';

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
}: {
  games: Game[];
  picks: Pick[];
  weekStatus?: WeekStatus;
  now: number;
  weekResult?: { result: WeeklyResult; of: number };
}) {
  const summary = pickSummary(games, picks, weekStatus, now);
  const next = summary.nextDeadline;
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
            Picks made: <strong>{summary.made}</strong> of {summary.total} games
          </Typography>
          <Box
            role="progressbar"
            aria-label="Games picked"
            aria-valuemin={0}
            aria-valuemax={summary.total}
            aria-valuenow={summary.made}
            sx={{ my: 1, height: 8, borderRadius: 4, bgcolor: 'action.selected', overflow: 'hidden' }}
          >
            <Box sx={{ height: '100%', width: `${summary.total ? (100 * summary.made) / summary.total : 0}%`, bgcolor: 'primary.main', transition: 'width 200ms' }} />
          </Box>
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
    </Paper>
  );
}
