import { Alert, Box, Button } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { failureText } from '../../api/failure';
import { keys } from '../../api/member';
import type { WeekCalculation } from '../../api/types';
import { RESULTS_TEXTS } from './leaderboard';

/**
 * The admins' Calculate Results on the results page: the week's results, then the week's leaderboard, the season
 * standings and the season race read again. From a chunk of its own, which a member's page never waits for.
 */
export function CalculateResults({ weekId, seasonId }: { weekId: number | null; seasonId: number | null }) {
  const queryClient = useQueryClient();
  const calculate = useMutation({
    mutationFn: (id: number) => api<WeekCalculation>(`/weekly_results/calculate/${id}`, { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.weeklyResults(seasonId, weekId) }),
        queryClient.invalidateQueries({ queryKey: keys.standings(seasonId) }),
        queryClient.invalidateQueries({ queryKey: keys.progress(seasonId) }),
      ]),
  });
  return (
    <Box sx={{ mb: 2 }}>
      <Button variant="contained" disabled={weekId === null || calculate.isPending} onClick={() => weekId !== null && calculate.mutate(weekId)}>
        {calculate.isPending ? 'Calculating...' : 'Calculate Results'}
      </Button>
      {calculate.isSuccess && (
        <Alert severity="success" sx={{ mt: 1 }}>
          {RESULTS_TEXTS.calculated(calculate.data.results_count)}
        </Alert>
      )}
      {calculate.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          Error: {failureText(calculate.error, RESULTS_TEXTS.calculateFailed)}
        </Alert>
      )}
    </Box>
  );
}
