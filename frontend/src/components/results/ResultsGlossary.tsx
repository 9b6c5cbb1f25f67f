import { Box, Typography } from '@mui/material';
import type { SeasonRules } from '../../api/types';
import { ColumnLegend, COLUMN_MEANINGS } from './ColumnLegend';
import { leaderboardColumns } from './Leaderboard';
import { standingsColumns } from './SeasonStandings';

/** The texts of the results page's one glossary (docs/member-pages.md#results). */
export const GLOSSARY_TEXTS = {
  summary: 'What the columns mean',
  label: 'Results columns',
  /** The week's TB and the season's TB in one entry. */
  tiebreaker:
    "Tiebreaker: in the week's table, how far the predicted score of the tiebreaker game was from the final score (home and away differences added); in the season's, those distances added up. Lower is better; it decides between equal wins.",
} as const;

/**
 * Every column of the weekly leaderboard and the season standings explained once, behind a native disclosure (closed
 * until asked: a phone scrolls past one line). The tables' headers still carry each meaning as a tooltip.
 */
export function ResultsGlossary({ rules }: { rules?: SeasonRules }) {
  const items = new Map<string, string>([['Rank', COLUMN_MEANINGS.rank]]);
  for (const column of [...leaderboardColumns(rules), ...standingsColumns([], rules)]) {
    if (!items.has(column.term)) items.set(column.term, column.term === 'TB' ? GLOSSARY_TEXTS.tiebreaker : column.meaning);
  }
  return (
    <Box
      component="details"
      sx={{ mb: 2, px: 2, py: 1, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', '& > summary': { cursor: 'pointer', minHeight: 32, display: 'list-item' } }}
    >
      <Typography component="summary" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {GLOSSARY_TEXTS.summary}
      </Typography>
      <ColumnLegend label={GLOSSARY_TEXTS.label} items={[...items].map(([term, meaning]) => ({ term, meaning }))} />
    </Box>
  );
}
