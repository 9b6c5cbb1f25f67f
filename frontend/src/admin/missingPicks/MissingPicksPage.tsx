import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { Alert, Box, Button, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, Title, useDataProvider } from 'react-admin';
import { SeasonWeekPicker, useSeasonWeekSelection } from '../common/seasonWeek';
import { countsSeverity, countsText } from '../common/sendResult';
import { failureText } from '../../api/failure';
import { type AdminDataProvider, type MissingPicks, type SendResult } from '../dataProvider';
import { useAdminMutation } from '../common/useAdminMutation';


/** "4/10 picked, tiebreaker missing": how far a member got with the games still open. */
export function missingSummary(row: Pick<MissingPicks, 'missing' | 'missing_tiebreaker' | 'open_games'>): string {
  const open = row.open_games ?? row.missing.length;
  const parts = [`${open - row.missing.length}/${open} picked`];
  if (row.missing_tiebreaker) parts.push('tiebreaker missing');
  return parts.join(', ');
}

export const remindAllQuestion = (count: number) =>
  `E-mail a reminder now to ${count === 1 ? 'the 1 member' : `the ${count} members`} listed, each with the games they still have to pick?`;
export const remindedText = (result: SendResult) => `Reminders sent! ${countsText(result)}`;

type Feedback = { severity: 'success' | 'warning' | 'error'; text: string } | null;

/** What became of one member's nudge: delivered, refused by the mail server, still on its way, or nothing to send. */
export function nudgedText(name: string, result: SendResult): NonNullable<Feedback> {
  if (result.sent_count > 0) return { severity: 'success', text: `Reminder sent to ${name}` };
  if (result.failed_count > 0) return { severity: 'error', text: `The mail server refused the reminder to ${name}` };
  if (result.queued_count > 0) return { severity: 'warning', text: `Reminder to ${name} queued (still trying)` };
  return { severity: 'warning', text: `Nothing sent: ${name} has nothing left to pick` };
}

/** Who hasn't picked: members missing picks of games still open, and a reminder e-mail to them now. */
export function MissingPicksPage() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const selection = useSeasonWeekSelection();
  const { weekId } = selection;
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [confirm, setConfirm] = useState(false);
  const missing = useQuery({
    queryKey: ['admin', 'missing-picks', weekId],
    queryFn: () => dataProvider.missingPicks(weekId),
    enabled: !!weekId,
    retry: false,
  });

  // Each send stays pending until the list is read again, so its button is back only once the list is current.
  const reminding = useAdminMutation({
    mutationFn: (week: string) => dataProvider.remindMissingPicks(week),
    onSuccess: async (result) => {
      setFeedback({ severity: countsSeverity(result), text: remindedText(result) });
      await missing.refetch();
    },
    onError: (error) => setFeedback({ severity: 'error', text: failureText(error, 'Failed to send reminders') }),
  });
  const nudging = useAdminMutation({
    mutationFn: ({ week, row }: { week: string; row: MissingPicks }) => dataProvider.remindMember(week, row.user.id),
    onSuccess: async (result, { row }) => {
      setFeedback(nudgedText(row.user.name, result));
      await missing.refetch();
    },
    onError: (error) => setFeedback({ severity: 'error', text: failureText(error, 'Failed to send reminders') }),
  });
  const busy = reminding.isPending;

  const remind = () => {
    setConfirm(false);
    setFeedback(null);
    reminding.mutate(weekId);
  };

  const nudge = (row: MissingPicks) => {
    setFeedback(null);
    nudging.mutate({ week: weekId, row });
  };

  const rows = missing.data ?? [];
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Title title="Who Hasn't Picked" />
      <Typography color="text.secondary">Members still missing picks of games whose deadline has not passed.</Typography>
      <SeasonWeekPicker selection={selection} onChoose={() => setFeedback(null)} />
      {weekId && (
        <Button
          variant="contained"
          startIcon={<NotificationsActiveIcon />}
          disabled={busy || rows.length === 0}
          onClick={() => setConfirm(true)}
          sx={{ my: 1 }}
        >
          Send Reminder Now
        </Button>
      )}
      {busy && <LinearProgress aria-label="Working" />}
      {feedback && (
        <Alert severity={feedback.severity} sx={{ my: 1 }}>
          {feedback.text}
        </Alert>
      )}
      {!weekId && <Alert severity="info">Select a week.</Alert>}
      {weekId && missing.isPending && <LinearProgress aria-label="Loading" />}
      {missing.error && <Alert severity="error">{failureText(missing.error, 'Failed to load missing picks')}</Alert>}
      {weekId && missing.isSuccess && rows.length === 0 && <Alert severity="success">Everyone has picked every open game.</Alert>}
      {rows.length > 0 && (
        // Three narrow columns that wrap: a phone shows the whole table.
        <Table size="small" aria-label="Members with missing picks" sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>Member</TableCell>
              <TableCell>Picks</TableCell>
              <TableCell align="right">Nudge</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.user.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {row.user.name}
                  <Typography variant="body2" color="text.secondary">
                    {row.user.email}
                  </Typography>
                </TableCell>
                <TableCell>
                  {missingSummary(row)}
                  {row.missing.length > 0 && (
                    <Typography variant="body2" color="text.secondary">
                      Missing: {row.missing.map((game) => `${game.away_team} @ ${game.home_team}`).join('; ')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<NotificationsActiveIcon />}
                    disabled={busy || nudging.isPending}
                    onClick={() => nudge(row)}
                    aria-label={`Remind ${row.user.name}`}
                  >
                    Remind
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Confirm
        isOpen={confirm}
        title="Send reminders"
        content={remindAllQuestion(rows.length)}
        confirm="Send"
        onConfirm={remind}
        onClose={() => setConfirm(false)}
      />
    </Box>
  );
}
