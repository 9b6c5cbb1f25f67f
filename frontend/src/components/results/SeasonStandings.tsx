import { Alert, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { SeasonStanding } from '../../api/types';
import { STANDINGS_TEXTS } from '../StandingsTable';
import { ColumnLegend, COLUMN_MEANINGS } from './ColumnLegend';
import { WinPercentage } from './WinPercentage';

/** Games behind the leader: the most total wins minus the member's own. */
export const gamesBehind = (standings: SeasonStanding[]) => {
  const leader = Math.max(0, ...standings.map((standing) => standing.total_wins));
  return (standing: SeasonStanding) => leader - standing.total_wins;
};

/** The whole season's standings on /results: every member, games behind the leader, and every column explained. */
export function SeasonStandings({
  standings,
  isError,
  isPending,
  highlightUserId,
}: {
  standings: SeasonStanding[] | undefined;
  isError: boolean;
  isPending: boolean;
  highlightUserId?: number;
}) {
  if (isError) return <Alert severity="error">{STANDINGS_TEXTS.failed}</Alert>;
  if (isPending) return <Typography color="text.secondary">Loading standings…</Typography>;
  if (!standings?.length) return <Typography color="text.secondary">{STANDINGS_TEXTS.empty}</Typography>;
  const behind = gamesBehind(standings);
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Season standings" sx={{ '& td, & th': { px: { xs: 0.5, sm: 1.5 } }, '& abbr': { textDecoration: 'none', cursor: 'help' } }}>
          <TableHead>
            <TableRow>
              <TableCell>
                <abbr title={COLUMN_MEANINGS.rank}>Rank</abbr>
              </TableCell>
              <TableCell>Member</TableCell>
              <TableCell align="right">
                <abbr title={COLUMN_MEANINGS.record}>W–L</abbr>
              </TableCell>
              <TableCell align="right">
                <abbr title={COLUMN_MEANINGS.gamesBehind}>GB</abbr>
              </TableCell>
              <TableCell align="right">
                <abbr title={COLUMN_MEANINGS.winPercentage}>Win %</abbr>
              </TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                <abbr title={COLUMN_MEANINGS.weeks}>Weeks</abbr>
              </TableCell>
              <TableCell align="right">
                <abbr title={COLUMN_MEANINGS.seasonTiebreaker}>TB</abbr>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {standings.map((standing) => {
              const percentage = Number(standing.win_percentage);
              const gb = behind(standing);
              return (
                <TableRow key={standing.user.id} selected={standing.user.id === highlightUserId} data-testid="season-standing-row">
                  <TableCell>{standing.rank}</TableCell>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {standing.user.name}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {standing.total_wins}–{standing.total_losses}
                  </TableCell>
                  <TableCell align="right">{gb === 0 ? '—' : gb}</TableCell>
                  <TableCell align="right">
                    <WinPercentage value={percentage} />
                  </TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {standing.weeks_participated}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {standing.avg_tiebreaker_score === null ? '—' : Number(standing.total_tiebreaker_score).toFixed(1)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <ColumnLegend
        label="Season standings columns"
        items={[
          { term: 'Rank', meaning: COLUMN_MEANINGS.rank },
          { term: 'W–L', meaning: COLUMN_MEANINGS.record },
          { term: 'GB', meaning: COLUMN_MEANINGS.gamesBehind },
          { term: 'Win %', meaning: COLUMN_MEANINGS.winPercentage },
          { term: 'Weeks', meaning: COLUMN_MEANINGS.weeks },
          { term: 'TB', meaning: COLUMN_MEANINGS.seasonTiebreaker },
        ]}
      />
    </>
  );
}
