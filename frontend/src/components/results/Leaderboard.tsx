import MilitaryTechIcon from '@mui/icons-material/MilitaryTech';
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { WeeklyResult } from '../../api/types';
import { ColumnLegend, COLUMN_MEANINGS } from './ColumnLegend';
import { MEDALS, ranked } from './leaderboard';
import { WinPercentage } from './WinPercentage';

/** The weekly leaderboard (docs/product.md#constants): ordered, medals for ranks 1–3, coloured win percentages, tiebreaker scores. */
export function Leaderboard({ results, highlightUserId, label = 'Weekly leaderboard' }: { results: WeeklyResult[]; highlightUserId?: number; label?: string }) {
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
              <TableCell align="right">
                <abbr title={COLUMN_MEANINGS.wins}>Wins</abbr>
              </TableCell>
              <TableCell align="right">
                <abbr title={COLUMN_MEANINGS.losses}>Losses</abbr>
              </TableCell>
              <TableCell align="right">
                <abbr title={COLUMN_MEANINGS.winPercentage}>Win %</abbr>
              </TableCell>
              <TableCell align="right">
                <abbr title={COLUMN_MEANINGS.tiebreaker}>TB</abbr>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ranked(results).map(({ result, rank }) => {
              const medal = MEDALS[rank];
              const percentage = Number(result.win_percentage);
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
                  <TableCell align="right">{result.wins}</TableCell>
                  <TableCell align="right">{result.losses}</TableCell>
                  <TableCell align="right">
                    <WinPercentage value={percentage} />
                  </TableCell>
                  <TableCell align="right">{result.tiebreaker_score ?? '—'}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <ColumnLegend
        label="Leaderboard columns"
        items={[
          { term: 'Rank', meaning: COLUMN_MEANINGS.rank },
          { term: 'Wins', meaning: COLUMN_MEANINGS.wins },
          { term: 'Losses', meaning: COLUMN_MEANINGS.losses },
          { term: 'Win %', meaning: COLUMN_MEANINGS.winPercentage },
          { term: 'TB', meaning: COLUMN_MEANINGS.tiebreaker },
        ]}
      />
    </>
  );
}
