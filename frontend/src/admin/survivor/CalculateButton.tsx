import CalculateIcon from '@mui/icons-material/Calculate';
import { Button } from '@mui/material';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { failureText } from '../../api/failure';
import { useAdminMutation } from '../common/useAdminMutation';
import { calculateSurvivor } from './survivorCalls';
import { calculationText, SURVIVOR_TEXTS } from './survivorTexts';
import type { SurvivorContest } from './survivorTypes';

/** POST /survivor_contests/{id}/calculate: recalculates now and says what it answered. */
export function CalculateButton() {
  const contest = useRecordContext<SurvivorContest>();
  const notify = useNotify();
  const refresh = useRefresh();
  const calculating = useAdminMutation({
    mutationFn: (contestId: number) => calculateSurvivor(contestId),
    onSuccess: (result) => {
      notify(calculationText(result), { type: 'success' });
      refresh();
    },
    onError: (error) => notify(failureText(error, SURVIVOR_TEXTS.calculateFailed), { type: 'error' }),
  });
  if (!contest) return null;
  return (
    <Button
      size="small"
      startIcon={<CalculateIcon />}
      disabled={calculating.isPending}
      onClick={(event) => {
        event.stopPropagation();
        calculating.mutate(contest.id);
      }}
    >
      {calculating.isPending ? 'Calculating...' : SURVIVOR_TEXTS.calculate}
    </Button>
  );
}
