import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { Button } from '@mui/material';
import { useListContext, useNotify, useRefresh, useUnselectAll } from 'react-admin';
import { failureText } from '../../api/failure';
import { useAdminMutation } from '../common/useAdminMutation';
import { markSurvivorPaid } from './survivorCalls';
import { markedEntrantsText } from './survivorTexts';
import type { SurvivorEntry } from './survivorTypes';

/** The entrants list's bulk action, as Entry Fees' "Mark paid": the selected entrants marked in one change. */
export function MarkEntrantsPaidButton({ paid }: { paid: boolean }) {
  const { selectedIds, filterValues, data } = useListContext<SurvivorEntry>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('survivor_entries');
  const userIds = (data ?? []).filter((entry) => selectedIds.includes(entry.id)).map((entry) => entry.user_id);
  const marking = useAdminMutation({
    mutationFn: () => markSurvivorPaid(filterValues.survivor_contest_id, userIds, paid),
    onSuccess: (result) => {
      notify(markedEntrantsText(typeof result?.changed === 'number' ? result.changed : userIds.length, paid), { type: 'success' });
      unselectAll();
      refresh();
    },
    onError: (error) => notify(failureText(error, 'Update failed'), { type: 'error' }),
  });
  return (
    <Button size="small" disabled={marking.isPending} onClick={() => marking.mutate()} startIcon={paid ? <CheckCircleIcon /> : <RemoveCircleOutlineIcon />}>
      {paid ? 'Mark paid' : 'Mark unpaid'}
    </Button>
  );
}
