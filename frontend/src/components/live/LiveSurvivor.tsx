import { Paper, Typography } from '@mui/material';
import type { LiveBoard } from '../../api/types';

type Survivor = NonNullable<LiveBoard['survivor']>;

/**
 * The live board's survivor card (docs/saturday.md#survivor-on-the-live-board): how many are alive given the scores so
 * far, how many are at risk, and who (with their team). Tiny, and from a chunk of its own: `/live` loads it lazily.
 */
export function LiveSurvivor({ survivor }: { survivor: Survivor }) {
  const risk = survivor.at_risk;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="live-survivor-heading" sx={{ p: { xs: 1.25, sm: 2 }, mb: 2 }}>
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
