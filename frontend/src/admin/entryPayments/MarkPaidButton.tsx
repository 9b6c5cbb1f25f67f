import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { Button } from '@mui/material';
import { useDataProvider, useListContext, useNotify, useRefresh, useUnselectAll } from 'react-admin';
import { failureText } from '../../api/failure';
import { type AdminDataProvider } from '../dataProvider';
import { useAdminMutation } from '../common/useAdminMutation';

export const markedText = (count: number, paid: boolean) => `${count} ${count === 1 ? 'member' : 'members'} marked ${paid ? 'paid' : 'unpaid'}`;

/** The list's bulk action: the selected members of the season marked paid (or unpaid) in one change. */
export function MarkPaidButton({ paid }: { paid: boolean }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { selectedIds, filterValues } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('entry_payments');
  const marking = useAdminMutation({
    mutationFn: () => dataProvider.markPaid(filterValues.football_season_id, selectedIds, paid),
    onSuccess: (result) => {
      notify(markedText(result.changed, paid), { type: 'success' });
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
