import HistoryIcon from '@mui/icons-material/History';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { AdminDataProvider, PickValue } from '../dataProvider';
import { dateTimeText } from '../../format';

const valueText = (value: PickValue | null) => {
  if (!value) return '—';
  const scores = value.tiebreaker_home_score !== null && value.tiebreaker_away_score !== null ? `, tiebreaker ${value.tiebreaker_away_score}–${value.tiebreaker_home_score}` : '';
  const correct = value.is_correct === null ? '' : value.is_correct ? ', correct' : ', incorrect';
  return `${value.selected_winner}${correct}${scores}`;
};

function HistoryDialog({ pickId, onClose }: { pickId: number; onClose: () => void }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const history = useQuery({ queryKey: ['admin', 'pick-history', pickId], queryFn: () => dataProvider.pickHistory(pickId) });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="pick-history-title">
      <DialogTitle id="pick-history-title">Pick History</DialogTitle>
      <DialogContent dividers>
        {history.isPending && <LinearProgress aria-label="Loading" />}
        {history.error && <Alert severity="error">{history.error.message}</Alert>}
        {history.data?.length === 0 && <Alert severity="info">No admin changes to this pick.</Alert>}
        {!!history.data?.length && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Admin</TableCell>
                <TableCell>Action</TableCell>
                <TableCell>Before</TableCell>
                <TableCell>After</TableCell>
                <TableCell>Reason</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.data.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell>{dateTimeText(entry.created_at)}</TableCell>
                  <TableCell>{entry.admin?.name ?? 'Deleted admin'}</TableCell>
                  <TableCell>{entry.action}</TableCell>
                  <TableCell>{valueText(entry.previous_value)}</TableCell>
                  <TableCell>{valueText(entry.new_value)}</TableCell>
                  <TableCell>{entry.reason ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Each pick's audit trail of admin changes (GET /picks/{id}/history). */
export function PickHistoryButton() {
  const pick = useRecordContext();
  const [open, setOpen] = useState(false);
  if (!pick) return null;
  return (
    <>
      <Button size="small" startIcon={<HistoryIcon />} onClick={() => setOpen(true)}>
        History
      </Button>
      {open && <HistoryDialog pickId={Number(pick.id)} onClose={() => setOpen(false)} />}
    </>
  );
}
