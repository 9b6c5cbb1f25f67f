import { Box, Paper, Typography } from '@mui/material';
import type { Game, Pick, WeekStatus } from '../../api/types';
import { TONES } from '../tones';
import { formatCountdown, formatDateTime, pickSummary } from './pickRules';

/** Picks made of games, the tiebreaker done or missing, and the next deadline with a countdown. */
export function PickStatusSummary({ games, picks, weekStatus, now }: { games: Game[]; picks: Pick[]; weekStatus?: WeekStatus; now: number }) {
  const summary = pickSummary(games, picks, weekStatus, now);
  const next = summary.nextDeadline;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="pick-status-summary" sx={{ p: 2 }}>
      <Typography id="pick-status-summary" variant="h6" component="h2" gutterBottom>
        Pick Status Summary
      </Typography>
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
    </Paper>
  );
}
