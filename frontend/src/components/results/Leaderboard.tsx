import MilitaryTechIcon from '@mui/icons-material/MilitaryTech';
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import type { SeasonRules, WeeklyResult } from '../../api/types';
import { ColumnLegend, COLUMN_MEANINGS } from './ColumnLegend';
import { MEDALS, pointsText, ranked, resultColumnsOf } from './leaderboard';
import { WinPercentage } from './WinPercentage';

interface Column {
  term: string;
  meaning: string;
  cell: (result: WeeklyResult) => ReactNode;
}

/** The figures of a week, with the columns the season's rules add (Points first where points rank, Pushes against the spread). */
export function leaderboardColumns(rules: SeasonRules | undefined): Column[] {
  const { points, pushes } = resultColumnsOf(rules);
  return [
    ...(points ? [{ term: 'Points', meaning: COLUMN_MEANINGS.points, cell: (result: WeeklyResult) => pointsText(result.points) }] : []),
    { term: 'Wins', meaning: COLUMN_MEANINGS.wins, cell: (result) => result.wins },
    { term: 'Losses', meaning: COLUMN_MEANINGS.losses, cell: (result) => result.losses },
    ...(pushes ? [{ term: 'Pushes', meaning: COLUMN_MEANINGS.pushes, cell: (result: WeeklyResult) => result.pushes }] : []),
    { term: 'Win %', meaning: COLUMN_MEANINGS.winPercentage, cell: (result) => <WinPercentage value={Number(result.win_percentage)} /> },
    { term: 'TB', meaning: COLUMN_MEANINGS.tiebreaker, cell: (result) => result.tiebreaker_score ?? '—' },
  ];
}

/**
 * The weekly leaderboard (docs/product.md#constants): ordered, medals for ranks 1–3, coloured win percentages, tiebreaker
 * scores, and the columns of the season's rules (docs/pool-formats.md#results).
 */
export function Leaderboard({
  results,
  highlightUserId,
  label = 'Weekly leaderboard',
  rules,
  legend = true,
}: {
  results: WeeklyResult[];
  highlightUserId?: number;
  label?: string;
  rules?: SeasonRules;
  /** The column meanings under the table; a page that explains them once for all its tables leaves it out. */
  legend?: boolean;
}) {
  const columns = leaderboardColumns(rules);
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={label} sx={{ '& td, & th': { px: { xs: 0.5, sm: 2 } }, '& abbr': { textDecoration: 'none', cursor: 'help' } }}>
          <TableHead>
            <TableRow>
              <TableCell>
                <abbr title={COLUMN_MEANINGS.rank}>Rank</abbr>
              </TableCell>
              <TableCell>Member</TableCell>
              {columns.map((column) => (
                <TableCell key={column.term} align="right">
                  <abbr title={column.meaning}>{column.term}</abbr>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {ranked(results).map(({ result, rank }) => {
              const medal = MEDALS[rank];
              return (
                <TableRow key={result.user.id} selected={result.user.id === highlightUserId} data-testid="leaderboard-row">
                  <TableCell>
                    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
                      {rank}
                      {medal && <MilitaryTechIcon titleAccess={medal.label} sx={{ color: medal.color, fontSize: '1.25rem' }} />}
                    </Box>
                  </TableCell>
                  <TableCell component="th" scope="row">
                    {result.user.name}
                  </TableCell>
                  {columns.map((column) => (
                    <TableCell key={column.term} align="right">
                      {column.cell(result)}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {legend && <ColumnLegend label="Leaderboard columns" items={[{ term: 'Rank', meaning: COLUMN_MEANINGS.rank }, ...columns]} />}
    </>
  );
}
