import CalculateIcon from '@mui/icons-material/Calculate';
import PreviewIcon from '@mui/icons-material/Preview';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useGetList } from 'react-admin';
import { Leaderboard } from '../../components/results/Leaderboard';
import { RESULTS_TEXTS } from '../../components/results/leaderboard';
import { SeasonWeekPicker, useSeasonWeekSelection } from '../common/seasonWeek';
import { SyncScoresButton } from '../imports/ScoreSync';
import { failureText } from '../../api/failure';
import { type AdminDataProvider, type GameRecord, type WeekCalculation } from '../dataProvider';
import { calculationText } from './calculationText';
import { useAdminMutation } from '../common/useAdminMutation';


/** docs/product.md#states: results need every game of the week to have a winner (cancelled games do not count, as on the server). */
export const everyGameHasWinner = (games: Pick<GameRecord, 'status' | 'winner_team_id'>[]) =>
  games.some((game) => game.status !== 'cancelled') && games.every((game) => game.status === 'cancelled' || game.winner_team_id !== null);

function StatusCard({ label, value }: { label: string; value: number | string }) {
  return (
    <Card variant="outlined" component="section" aria-label={label} sx={{ flex: '1 1 160px' }}>
      <CardContent>
        <Typography color="text.secondary">{label}</Typography>
        <Typography variant="h4" component="p">
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

const recordText = (record: { wins: number; losses: number; tiebreaker_score: number | null; rank: number | null } | null) =>
  record ? `${record.wins}–${record.losses}${record.tiebreaker_score !== null ? `, tiebreaker ${record.tiebreaker_score}` : ''}${record.rank !== null ? `, rank ${record.rank}` : ''}` : '—';

function DryRun({ run }: { run: WeekCalculation }) {
  const changes = run.changes ?? [];
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Dry Run
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          Calculating would write {run.results_count} user results; {run.picks_changed ?? 0} pick(s) would change their correct flag; {changes.length} member
          record(s) would change. Nothing has been saved.
        </Typography>
        {changes.length > 0 && (
          <Table size="small" aria-label="Changes">
            <TableHead>
              <TableRow>
                <TableCell>Member</TableCell>
                <TableCell>Now</TableCell>
                <TableCell>After calculating</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {changes.map((change) => (
                <TableRow key={change.user.id}>
                  <TableCell>{change.user.name}</TableCell>
                  <TableCell>{recordText(change.before)}</TableCell>
                  <TableCell>{recordText(change.after)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function WeekResults({ weekId, version }: { weekId: string; version: number }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const results = useQuery({ queryKey: ['admin', 'weekly-results', weekId, version], queryFn: () => dataProvider.weeklyResults(weekId), retry: false });
  if (results.isPending) return <LinearProgress aria-label="Loading" />;
  if (results.error) return <Alert severity="error">{RESULTS_TEXTS.failed}</Alert>;
  if (results.data.length === 0) return <Alert severity="info">{RESULTS_TEXTS.empty}</Alert>;
  return <Leaderboard results={results.data} label="Weekly results" />;
}

type Feedback = { severity: 'success' | 'error'; text: string } | null;

/** Weekly Results Administration (docs/product.md#screens, #states, #errors). */
export function WeeklyResultsPage() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const selection = useSeasonWeekSelection();
  const { weekId } = selection;
  const games = useGetList<GameRecord>(
    'games',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'game_date', order: 'ASC' }, filter: { week_id: Number(weekId) } },
    { enabled: !!weekId },
  );
  const grid = useQuery({ queryKey: ['admin', 'pick-grid', weekId], queryFn: () => dataProvider.pickGrid(weekId), enabled: !!weekId, retry: false });
  const [dryRun, setDryRun] = useState<{ weekId: string; run: WeekCalculation } | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [version, setVersion] = useState(0);
  // When and how the results were calculated: the server recalculates a finished week by itself.
  const status = useQuery({
    queryKey: ['admin', 'results-status', weekId, version],
    queryFn: () => dataProvider.resultsStatus(weekId),
    enabled: !!weekId,
    retry: false,
  });

  const weekGames = weekId ? (games.data ?? []) : [];
  const withWinners = weekGames.filter((game) => game.winner_team_id !== null).length;
  const members = grid.data?.members ?? [];
  const picks = members.reduce((sum, member) => sum + member.picks_made, 0);
  const picked = members.filter((member) => member.picks_made > 0).length;
  const ready = !!weekId && !games.isPending && everyGameHasWinner(weekGames);

  const calculating = useAdminMutation({
    mutationFn: ({ week, dry }: { week: string; dry: boolean }) => dataProvider.calculateWeek(week, dry),
    onSuccess: (result, { week, dry }) => {
      if (dry) setDryRun({ weekId: week, run: result });
      else {
        setDryRun(null);
        setFeedback({ severity: 'success', text: RESULTS_TEXTS.calculated(result.results_count) });
        setVersion((count) => count + 1);
        void queryClient.invalidateQueries({ queryKey: ['admin', 'pick-grid'] });
      }
    },
    onError: (error) => setFeedback({ severity: 'error', text: `Error: ${failureText(error, RESULTS_TEXTS.calculateFailed)}` }),
  });
  const busy = calculating.isPending;
  const run = (dry: boolean) => {
    setFeedback(null);
    calculating.mutate({ week: weekId, dry });
  };

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Title title="Weekly Results Administration" />
      <SeasonWeekPicker selection={selection} onChoose={() => setFeedback(null)} />
      {!weekId ? (
        <Alert severity="info">Please select a season and week to view results.</Alert>
      ) : (
        <>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, my: 2 }}>
            <StatusCard label="Games" value={games.isPending ? '…' : weekGames.length} />
            <StatusCard label="Games with Winners" value={games.isPending ? '…' : withWinners} />
            <StatusCard label="Picks" value={grid.isPending ? '…' : grid.error ? 'Error' : picks} />
            <StatusCard label="Members Who Picked" value={grid.isPending ? '…' : grid.error ? 'Error' : picked} />
          </Stack>
          {games.error && <Alert severity="error">Failed to load games</Alert>}
          {!games.isPending && !ready && (
            <Alert severity="info" sx={{ mb: 2 }}>
              Every game of the week needs a winner before results can be calculated ({withWinners} of {weekGames.length} have one).
            </Alert>
          )}
          {status.data && (
            <Alert severity={status.data.calculated_at ? 'success' : 'info'} sx={{ mb: 2 }} aria-label="Calculation">
              {calculationText(status.data)}
            </Alert>
          )}
          {status.error && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {failureText(status.error, 'Could not tell when the results were calculated')}
            </Alert>
          )}
          <Stack direction="row" sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" startIcon={<PreviewIcon />} disabled={!ready || busy} onClick={() => run(true)}>
              Preview Changes
            </Button>
            <Button variant="contained" startIcon={<CalculateIcon />} disabled={!ready || busy} onClick={() => run(false)}>
              Calculate Results
            </Button>
            <SyncScoresButton
              weekId={weekId}
              onSynced={() => {
                setVersion((count) => count + 1);
                void queryClient.invalidateQueries({ queryKey: ['admin', 'pick-grid'] });
              }}
            />
          </Stack>
          {busy && <LinearProgress aria-label="Working" />}
          {feedback && <Alert severity={feedback.severity}>{feedback.text}</Alert>}
          {dryRun && dryRun.weekId === weekId && <DryRun run={dryRun.run} />}
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            Results
          </Typography>
          <WeekResults weekId={weekId} version={version} />
        </>
      )}
    </Box>
  );
}
