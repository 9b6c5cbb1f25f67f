import { Box, Paper, Typography } from '@mui/material';
import { useId } from 'react';
import { POOL_TEXTS } from './picks/poolFormat';

/**
 * The season's rules that differ from the spec's, one sentence each (`rules_summary`), on the dashboard and the
 * results page. A season on the spec's rules has none, and no card.
 */
export function SeasonRulesCard({ summary }: { summary: string[] | undefined }) {
  const headingId = useId();
  if (!summary?.length) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ px: 2, py: 1.25, mb: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {POOL_TEXTS.rulesHeading}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2', color: 'text.secondary', '& li + li': { mt: 0.25 } }}>
        {summary.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </Box>
    </Paper>
  );
}
