import { Box, Button, Paper, Typography } from '@mui/material';
import type { LiveBoard, PickGrid } from '../../api/types';
import { GridTable, Legend } from '../picks/PickGrid';
import { contentionHeading, WhoCanStillWin } from './ContentionList';

/**
 * The live board's two last sections, past the first screenful on a phone: who can still win, and everyone's picks
 * (and its survivor card).
 * `LivePage` loads them from this chunk of their own (`lazySection`), so its first paint does not wait for them.
 */
export const LIVE_SECTION_SX = { p: { xs: 1.25, sm: 2 }, mb: 2 } as const;

/**
 * The survivor card (docs/saturday.md#survivor-on-the-live-board): how many are alive given the scores so far, how
 * many are at risk, and who (with their team). Here, in this chunk, so the page's first load does not grow.
 */
export function LiveSurvivor({ survivor }: { survivor: NonNullable<LiveBoard['survivor']> }) {
  const risk = survivor.at_risk;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="live-survivor-heading" sx={LIVE_SECTION_SX}>
      <Typography id="live-survivor-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {survivor.name}: {survivor.alive_count} alive, {risk.length} at risk
      </Typography>
      {risk.length > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="live-survivor-at-risk">
          At risk: {risk.map((entrant) => `${entrant.name} (${entrant.team_name})`).join(', ')}
        </Typography>
      )}
    </Paper>
  );
}

export function LiveContention({ board, highlightUserId }: { board: LiveBoard; highlightUserId?: number }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="live-contention-heading" sx={LIVE_SECTION_SX}>
      <Typography id="live-contention-heading" variant="h6" component="h2" gutterBottom>
        {contentionHeading(board.contention)}
      </Typography>
      <WhoCanStillWin week={board.contention.week} season={board.contention.season} highlightUserId={highlightUserId} board={board} />
    </Paper>
  );
}

export interface MoreRows {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  load: () => void;
}

export function LivePicks({
  grid,
  board,
  more,
  moreRows,
  highlightUserId,
}: {
  grid: PickGrid;
  board: LiveBoard;
  more: MoreRows;
  moreRows: number;
  highlightUserId?: number;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="live-picks-heading" sx={{ ...LIVE_SECTION_SX, px: { xs: 0.75, sm: 2 } }}>
      <Typography id="live-picks-heading" variant="h6" component="h2" gutterBottom sx={{ px: { xs: 0.5, sm: 0 } }}>
        Everyone&apos;s picks
      </Typography>
      <Legend />
      <GridTable grid={grid} weekName={`Week ${board.week.number}`} highlightUserId={highlightUserId} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1, px: { xs: 0.5, sm: 0 } }}>
        <Typography variant="body2" color="text.secondary" data-testid="live-picks-count">
          {grid.members.length} of {board.member_count} members
        </Typography>
        {more.hasMore && (
          <Button size="small" variant="outlined" onClick={more.load} disabled={more.loading}>
            {more.loading ? 'Loading…' : `Show ${moreRows} more`}
          </Button>
        )}
        {more.failed && (
          <Typography variant="body2" color="error">
            Could not load more picks; try again.
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
