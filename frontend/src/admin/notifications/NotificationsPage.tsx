import FactCheckIcon from '@mui/icons-material/FactCheck';
import PreviewIcon from '@mui/icons-material/Preview';
import ReplayIcon from '@mui/icons-material/Replay';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Paper,
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
import { Confirm, Title, useDataProvider } from 'react-admin';
import { useIsSmall } from '../common/listParts';
import { SeasonWeekPicker, useSeasonWeekSelection } from '../common/seasonWeek';
import { countsSeverity } from '../common/sendResult';
import { alreadySentText, deliveredText, sendAgainText, sentText } from './sendStatus';
import { failureText } from '../../api/failure';
import { type AdminDataProvider, failureStatus, type NotificationPreview, type NotificationValidation } from '../dataProvider';
import type { Delivery } from '../../api/types';
import { dateTimeText } from '../../format';
import { useAdminMutation } from '../common/useAdminMutation';

export const VALIDATION_UNAVAILABLE_TEXT = 'Validation endpoint not available - proceed with caution';

type Validation = { result: NotificationValidation | null; unavailable: boolean };
type Feedback = { severity: 'success' | 'error' | 'warning'; text: string } | null;



/**
 * Delivery rows with their status and error; a failed e-mail has a Retry action (it is queued again). A table from
 * `sm` up; below, one card per e-mail (docs/admin-console.md, "One menu button on a phone"), since addresses and SMTP errors are long.
 */
function DeliveryTable({ rows, label, showKind }: { rows: Delivery[]; label: string; showKind?: boolean }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const retrying = useAdminMutation({
    mutationFn: (id: number) => dataProvider.retryDelivery(id),
    // The week's log and the list of failed e-mails both show it; the row's Retry is back once they do.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'deliveries'] }),
  });
  const busyId = retrying.isPending ? retrying.variables : null;
  const retry = (id: number) => retrying.mutate(id);
  const retryError = retrying.isError ? failureText(retrying.error, 'Retry failed') : null;
  const small = useIsSmall();
  const recipientOf = (delivery: Delivery) => (delivery.user ? `${delivery.user.name} (${delivery.user.email})` : delivery.email);
  const retryButton = (delivery: Delivery) =>
    delivery.status === 'failed' && (
      <Button size="small" startIcon={<ReplayIcon />} disabled={busyId === delivery.id} onClick={() => retry(delivery.id)} aria-label={`Retry e-mail to ${recipientOf(delivery)}`}>
        Retry
      </Button>
    );
  const failure = retryError && (
    <Alert severity="error" role="alert" sx={{ mb: 1 }}>
      {retryError}
    </Alert>
  );
  if (small) {
    return (
      <>
        {failure}
        <Stack component="ul" aria-label={label} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((delivery) => (
            <Paper component="li" variant="outlined" key={delivery.id} sx={{ p: 1, overflowWrap: 'anywhere' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {recipientOf(delivery)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[showKind ? delivery.kind : null, delivery.status, dateTimeText(delivery.sent_at ?? delivery.created_at)].filter(Boolean).join(' · ')}
              </Typography>
              {delivery.error && (
                <Typography variant="body2" color="error">
                  {delivery.error}
                </Typography>
              )}
              {retryButton(delivery)}
            </Paper>
          ))}
        </Stack>
      </>
    );
  }
  return (
    <>
      {failure}
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {showKind && <TableCell>E-mail</TableCell>}
            <TableCell>Recipient</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Sent</TableCell>
            <TableCell>Error</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((delivery) => {
            return (
              <TableRow key={delivery.id}>
                {showKind && <TableCell>{delivery.kind}</TableCell>}
                <TableCell>{recipientOf(delivery)}</TableCell>
                <TableCell>{delivery.status}</TableCell>
                <TableCell>{dateTimeText(delivery.sent_at ?? delivery.created_at)}</TableCell>
                <TableCell>{delivery.error ?? ''}</TableCell>
                <TableCell>{retryButton(delivery)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </>
  );
}

/** The delivery log of the week's e-mails (GET /weekly_notifications/deliveries). */
function DeliveryLog({ weekId, version }: { weekId: string; version: number }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const deliveries = useQuery({
    queryKey: ['admin', 'deliveries', weekId, version],
    queryFn: () => dataProvider.notificationDeliveries(weekId),
    enabled: !!weekId,
    retry: false,
  });
  if (!weekId) return null;
  if (deliveries.isPending) return <LinearProgress aria-label="Loading" />;
  if (deliveries.error) return <Alert severity="warning">{failureText(deliveries.error, 'Failed to load the delivery log')}</Alert>;
  if (deliveries.data.length === 0) return <Alert severity="info">No e-mails sent for this week yet.</Alert>;
  return <DeliveryTable rows={deliveries.data} label="Delivery log" />;
}

/** Every e-mail that failed for good, whatever its kind (invitations, password resets, pick overrides, ...). */
function FailedEmails({ version }: { version: number }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const failed = useQuery({ queryKey: ['admin', 'deliveries', 'failed', version], queryFn: () => dataProvider.failedDeliveries(), retry: false });
  const rows = (failed.data ?? []).filter((row) => row.status === 'failed');
  if (rows.length === 0) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Failed e-mails
      </Typography>
      <DeliveryTable rows={rows} label="Failed e-mails" showKind />
    </Box>
  );
}

function Preview({ preview }: { preview: NotificationPreview }) {
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Email Preview
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          Week {preview.week_number} · {preview.games_count} games · shown as {preview.user_name} would receive it
        </Typography>
        {preview.html ? (
          <Box
            component="iframe"
            title="Email preview"
            sandbox=""
            srcDoc={preview.html}
            sx={{ width: '100%', height: 520, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
          />
        ) : (
          <Table size="small">
            <TableBody>
              {preview.games.map((game, index) => (
                <TableRow key={index}>
                  <TableCell>
                    {game.away_team} @ {game.home_team}
                    {game.is_tiebreaker ? ' (tiebreaker)' : ''}
                  </TableCell>
                  <TableCell>{dateTimeText(game.game_date)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The week's validation, run by itself whenever the week changes (docs/product.md#validation): a 404 or 500 counts as
 * valid with the warning; another failure is shown.
 */
function useValidation(weekId: string) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  return useQuery({
    queryKey: ['admin', 'notifications-validation', weekId],
    queryFn: async (): Promise<Validation> => {
      try {
        return { result: await dataProvider.validateNotifications(weekId), unavailable: false };
      } catch (error) {
        const status = failureStatus(error);
        if (status === 404 || status === 500) return { result: null, unavailable: true };
        throw error;
      }
    },
    enabled: !!weekId,
    retry: false,
  });
}

/** Weekly Email Notifications (docs/product.md#screens, #validation, #errors): validate the week, preview the e-mail, send it, see the log. */
export function NotificationsPage() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const selection = useSeasonWeekSelection();
  const { weekId } = selection;
  const validation = useValidation(weekId);
  const [preview, setPreview] = useState<{ weekId: string; data: NotificationPreview } | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [confirmSend, setConfirmSend] = useState(false);
  const [sends, setSends] = useState(0);
  const sendStatus = useQuery({
    queryKey: ['admin', 'notifications-status', weekId, sends],
    queryFn: () => dataProvider.notificationStatus(weekId),
    enabled: !!weekId,
    retry: false,
  });

  const current = weekId && !validation.isFetching ? validation.data : undefined;
  // docs/product.md#validation: preview and send need a week and a valid validation (an unavailable one counts, with the warning).
  const valid = !!current && (current.unavailable || !!current.result?.isValid);
  const already = sendStatus.data ? alreadySentText(sendStatus.data) : null;

  const previewing = useAdminMutation({
    mutationFn: (week: string) => dataProvider.previewNotifications(week),
    onSuccess: (data, week) => setPreview({ weekId: week, data }),
    onError: (error) => setFeedback({ severity: 'error', text: failureText(error, 'Failed to preview email') }),
  });
  const sending = useAdminMutation({
    mutationFn: (week: string) => dataProvider.sendNotifications(week),
    onSuccess: (result) => setFeedback({ severity: countsSeverity(result), text: sentText(result) }),
    onError: (error) => setFeedback({ severity: 'error', text: failureText(error, 'Failed to send notifications') }),
    onSettled: () => setSends((count) => count + 1),
  });
  const busy = previewing.isPending || sending.isPending;

  const showPreview = () => {
    setFeedback(null);
    previewing.mutate(weekId);
  };

  const send = () => {
    setConfirmSend(false);
    setFeedback(null);
    sending.mutate(weekId);
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Title title="Weekly Email Notifications" />
      <Typography color="text.secondary">
        Validate the week, preview the e-mail, then send it to every member. The week must have exactly 10 games with 1 tiebreaker, or the number of games its season's rules set.
      </Typography>
      <SeasonWeekPicker selection={selection} onChoose={() => setFeedback(null)} />
      {/* useFlexGap: Stack's spacing margins would push a wrapped button past the right edge on a phone. */}
      <Stack direction="row" useFlexGap sx={{ my: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" startIcon={<FactCheckIcon />} disabled={!weekId || busy || validation.isFetching} onClick={() => void validation.refetch()}>
          Validate Week
        </Button>
        <Button variant="outlined" startIcon={<PreviewIcon />} disabled={!valid || busy} onClick={showPreview}>
          Preview Email
        </Button>
        <Button variant="contained" startIcon={<SendIcon />} disabled={!valid || busy || sendStatus.isPending} onClick={() => setConfirmSend(true)}>
          Send Notifications
        </Button>
      </Stack>
      {(busy || validation.isFetching) && <LinearProgress aria-label="Working" sx={{ mb: 1 }} />}
      {weekId && validation.error && !validation.isFetching && <Alert severity="error">{failureText(validation.error, 'Failed to validate week')}</Alert>}
      {current?.unavailable && <Alert severity="warning">{VALIDATION_UNAVAILABLE_TEXT}</Alert>}
      {current?.result && (
        <Alert severity={current.result.isValid ? 'success' : 'error'}>
          {current.result.message} (Games: {current.result.gamesCount}, Tiebreakers: {current.result.tiebreakerCount})
        </Alert>
      )}
      {weekId && sendStatus.data && already && (
        <Alert severity="warning" sx={{ mt: 1 }} aria-label="Already sent">
          {already} {deliveredText(sendStatus.data)}
        </Alert>
      )}
      {weekId && sendStatus.error && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {failureText(sendStatus.error, 'Could not check whether this week was e-mailed already')}
        </Alert>
      )}
      {feedback && (
        <Alert severity={feedback.severity} sx={{ mt: 1 }}>
          {feedback.text}
        </Alert>
      )}
      {preview && preview.weekId === weekId && <Preview preview={preview.data} />}
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        Delivery Log
      </Typography>
      {weekId ? <DeliveryLog weekId={weekId} version={sends} /> : <Alert severity="info">Select a week.</Alert>}
      <FailedEmails version={sends} />
      <Confirm
        isOpen={confirmSend}
        title={already ? 'Send the weekly e-mail again?' : 'Send weekly e-mail'}
        content={already ? sendAgainText(already) : "E-mail this week's games to every member now?"}
        confirm={already ? 'Send again' : 'Send'}
        onConfirm={send}
        onClose={() => setConfirmSend(false)}
      />
    </Box>
  );
}
