import CalculateIcon from '@mui/icons-material/Calculate';
import { Alert, Box, Button, LinearProgress, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Identifier, Title, useDataProvider } from 'react-admin';
import { SeasonWeekPicker, useSeasonWeekSelection } from '../common/seasonWeek';
import { failureText } from '../../api/failure';
import { type AdminDataProvider } from '../dataProvider';
import { STANDINGS_TEXTS } from '../../components/StandingsTable';
import { SELECT_SEASON } from '../../constants';
import { moneyText, POT_TEXTS, winningsOf } from '../../components/pot/money';
import { useAdminMutation } from '../common/useAdminMutation';


function Standings({ seasonId, version }: { seasonId: string; version: number }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const standings = useQuery({ queryKey: ['admin', 'standings', seasonId, version], queryFn: () => dataProvider.seasonStandings(seasonId), retry: false });
  // The Won column shows only in a season with an entry fee; a pot that fails to load leaves the standings as they are.
  const pot = useQuery({ queryKey: ['admin', 'pot', seasonId, version], queryFn: () => dataProvider.seasonPot(seasonId), retry: false });
  const winnings = winningsOf(pot.data);
  if (standings.isPending) return <LinearProgress aria-label="Loading" />;
  if (standings.error) return <Alert severity="error">Failed to load season results</Alert>;
  if (standings.data.standings.length === 0) return <Alert severity="info">{STANDINGS_TEXTS.empty}</Alert>;
  return (
    // Narrow cells fit a phone; a longer name scrolls inside the table's own box, never the page.
    <TableContainer tabIndex={0} role="region" aria-label="Season standings table">
      <Table size="small" aria-label="Season standings" sx={{ '& th, & td': { px: { xs: 0.75, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>Rank</TableCell>
            <TableCell>Member</TableCell>
            <TableCell align="right">Wins</TableCell>
            <TableCell align="right">Losses</TableCell>
            <TableCell align="right">Win %</TableCell>
            <TableCell align="right">Weeks</TableCell>
            <TableCell align="right">Tiebreaker Total</TableCell>
            {winnings && (
              <TableCell align="right" title={POT_TEXTS.winningsMeaning}>
                {POT_TEXTS.winningsColumn}
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {standings.data.standings.map((standing) => (
            <TableRow key={standing.user.id}>
              <TableCell>{standing.rank}</TableCell>
              <TableCell>{standing.user.name}</TableCell>
              <TableCell align="right">{standing.total_wins}</TableCell>
              <TableCell align="right">{standing.total_losses}</TableCell>
              <TableCell align="right">{standing.win_percentage}%</TableCell>
              <TableCell align="right">{standing.weeks_participated}</TableCell>
              {/* docs/product.md#constants: the season tiebreaker total with 1 decimal. */}
              <TableCell align="right">{Number(standing.total_tiebreaker_score).toFixed(1)}</TableCell>
              {winnings && <TableCell align="right">{(winnings.get(standing.user.id) ?? 0) > 0 ? moneyText(winnings.get(standing.user.id)!) : '—'}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

type Feedback = { severity: 'success' | 'error'; text: string } | null;

/** Season Results: the standings and Calculate Season Results (docs/product.md#screens, #validation, #errors). */
export function SeasonResultsPage() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const selection = useSeasonWeekSelection();
  const { seasonId } = selection;
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [version, setVersion] = useState(0);
  const calculating = useAdminMutation({
    mutationFn: (id: Identifier) => dataProvider.calculateSeason(id),
    onSuccess: (result) => {
      setFeedback({ severity: 'success', text: `Season results calculated successfully! ${result.results_count} standings updated.` });
      setVersion((count) => count + 1);
    },
    onError: (error) => setFeedback({ severity: 'error', text: failureText(error, 'Failed to calculate season results') }),
  });
  const busy = calculating.isPending;

  const calculate = () => {
    if (!seasonId) return setFeedback({ severity: 'error', text: SELECT_SEASON });
    setFeedback(null);
    calculating.mutate(seasonId);
  };

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Title title="Season Results" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <SeasonWeekPicker selection={selection} withWeek={false} onChoose={() => setFeedback(null)} />
        <Button variant="contained" startIcon={<CalculateIcon />} disabled={busy} onClick={calculate}>
          Calculate Season Results
        </Button>
      </Stack>
      {busy && <LinearProgress aria-label="Working" sx={{ my: 1 }} />}
      {feedback && (
        <Alert severity={feedback.severity} sx={{ my: 1 }}>
          {feedback.text}
        </Alert>
      )}
      <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
        Season Standings
      </Typography>
      {seasonId ? <Standings seasonId={seasonId} version={version} /> : <Alert severity="info">{SELECT_SEASON}</Alert>}
    </Box>
  );
}
