import { Alert, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useStandings } from '../api/member';
import type { SeasonRules } from '../api/types';
import { DASHBOARD_STANDINGS_LIMIT } from '../constants';
import { pointsText, resultColumnsOf } from './results/leaderboard';
import { moneyText, POT_TEXTS } from './pot/money';

export const STANDINGS_TEXTS = {
  failed: 'Failed to load standings',
  empty: 'No standings available yet. Weekly results need to be calculated first.',
} as const;

/** The season standings, top 10 (docs/product.md#screens, #constants), with a Points column where the season's rules rank by points. */
export function StandingsTable({
  seasonId,
  highlightUserId,
  rules,
  winnings,
}: {
  seasonId: number | null;
  highlightUserId?: number;
  rules?: SeasonRules;
  /** Each member's winnings by user id; null or left out: the season has no fee, and no Won column. */
  winnings?: Map<number, number> | null;
}) {
  const standings = useStandings(seasonId);
  const { points } = resultColumnsOf(rules);
  const top = standings.data?.slice(0, DASHBOARD_STANDINGS_LIMIT) ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="season-standings" sx={{ p: 2 }}>
      <Typography id="season-standings" variant="h6" component="h2" gutterBottom>
        Season Standings
      </Typography>
      {standings.isError ? (
        <Alert severity="error">{STANDINGS_TEXTS.failed}</Alert>
      ) : standings.isPending && seasonId !== null ? (
        <Typography color="text.secondary">Loading standings…</Typography>
      ) : top.length === 0 ? (
        <Typography color="text.secondary">{STANDINGS_TEXTS.empty}</Typography>
      ) : (
        // A narrow column may scroll sideways inside its own box (never the page): the box takes the keyboard too.
        <TableContainer tabIndex={0} role="region" aria-label="Season standings table">
          <Table size="small" aria-labelledby="season-standings">
            <TableHead>
              <TableRow>
                <TableCell>Rank</TableCell>
                <TableCell>Member</TableCell>
                {points && <TableCell align="right">Points</TableCell>}
                <TableCell align="right">W–L</TableCell>
                <TableCell align="right">Win %</TableCell>
                {winnings && (
                  <TableCell align="right">
                    <abbr title={POT_TEXTS.winningsMeaning} style={{ textDecoration: 'none' }}>
                      {POT_TEXTS.winningsColumn}
                    </abbr>
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {top.map((standing) => (
                <TableRow key={standing.user.id} selected={standing.user.id === highlightUserId}>
                  <TableCell>{standing.rank}</TableCell>
                  <TableCell>{standing.user.name}</TableCell>
                  {points && <TableCell align="right">{pointsText(standing.total_points)}</TableCell>}
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {standing.total_wins}–{standing.total_losses}
                  </TableCell>
                  <TableCell align="right">{Number(standing.win_percentage).toFixed(1)}%</TableCell>
                  {winnings && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {(winnings.get(standing.user.id) ?? 0) > 0 ? moneyText(winnings.get(standing.user.id)!) : '—'}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
