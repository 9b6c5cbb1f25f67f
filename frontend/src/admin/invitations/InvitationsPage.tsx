import DeleteIcon from '@mui/icons-material/Delete';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Confirm, type RaRecord, Title, useDataProvider, useGetList } from 'react-admin';
import { failureText } from '../../api/failure';
import { type AdminDataProvider, type BulkInvitationResult } from '../dataProvider';
import type { InvitationResponse } from '../../api/types';
import { useAdminMutation } from '../common/useAdminMutation';

type Invitation = InvitationResponse & RaRecord;

/** The invitation's status, and its e-mail's when that is not simply delivered. */
export function invitationSummary(invitation: Invitation): string {
  const status = `Status: ${invitation.status}`;
  switch (invitation.email_status) {
    case 'failed':
      return `${status} · E-mail failed${invitation.email_error ? `: ${invitation.email_error}` : ''} - resend it`;
    case 'queued':
    case 'sending':
      return `${status} · E-mail on its way`;
    default:
      return status;
  }
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Pending invitations can still be used, resent or withdrawn; expired ones can be resent. */
const OPEN_STATUSES = new Set(['pending', 'expired']);

type Feedback = { severity: 'success' | 'error'; text: string } | null;

/** The most addresses one paste may hold (the API's limit). */
export const BULK_LIMIT = 2000;

/**
 * The addresses of a pasted list: separated by commas, semicolons or new lines; "Name <a@b.org>" gives a@b.org.
 * Each is sent as written otherwise (the server says which are not valid, listed twice or already in).
 */
export function parseAddresses(text: string): string[] {
  return text
    .split(/[,;\n\r]+/)
    .map((entry) => {
      const angled = /<([^<>]*)>/.exec(entry);
      return (angled ? angled[1] : entry).trim().replace(/^["']|["']$/g, '').trim();
    })
    .filter((entry) => entry !== '');
}

/** Paste a list of addresses: each valid new one is invited, the others are listed with the server's reason. */
function BulkInvite({ onInvited }: { onInvited: () => Promise<unknown> }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<BulkInvitationResult | null>(null);
  const addresses = parseAddresses(text);
  const tooMany = addresses.length > BULK_LIMIT;
  // Pending until the list shows the new invitations.
  const inviting = useAdminMutation({
    mutationFn: (emails: string[]) => dataProvider.bulkInvite(emails),
    onSuccess: async (answer) => {
      setResult(answer);
      if (answer.skipped.length === 0) setText('');
      else setText(answer.skipped.map((skip) => skip.email).join('\n'));
      await onInvited();
    },
    onError: (failure) => setError(failureText(failure, 'Failed to send invites')),
  });
  const sending = inviting.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (addresses.length === 0) return setError('Paste at least one address');
    if (tooMany) return setError(`At most ${BULK_LIMIT} addresses at once`);
    setError(null);
    setResult(null);
    inviting.mutate(addresses);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Invite several" sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        Invite several
      </Typography>
      <TextField
        label="Paste addresses"
        multiline
        minRows={3}
        maxRows={10}
        fullWidth
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={!!error || tooMany}
        helperText={error ?? 'Separated by commas, semicolons or new lines; "Name <a@b.org>" works too'}
      />
      <Button type="submit" variant="outlined" disabled={sending} startIcon={sending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />} sx={{ mt: 1 }}>
        {addresses.length > 1 ? `Send ${addresses.length} invitations` : 'Send invitations'}
      </Button>
      {result && (
        <Box role="status" sx={{ mt: 2 }}>
          <Alert severity={result.invitations.length > 0 ? 'success' : 'info'}>
            Invited {result.invitations.length}
            {result.skipped.length > 0 ? `, skipped ${result.skipped.length}` : ''}
          </Alert>
          {result.invitations.length > 0 && (
            <List dense aria-label="Invited">
              {result.invitations.map((invitation) => (
                <ListItem key={invitation.id}>
                  <ListItemText primary={invitation.email} secondary="Invited" slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
                </ListItem>
              ))}
            </List>
          )}
          {result.skipped.length > 0 && (
            <List dense aria-label="Skipped">
              {result.skipped.map((skip, index) => (
                <ListItem key={`${skip.email}-${index}`}>
                  <ListItemText primary={skip.email} secondary={`Skipped: ${skip.reason}`} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { color: 'text.secondary' } }} />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      )}
    </Box>
  );
}

/** Manage Invitations (docs/product.md#screens, /invites): invite by e-mail, then resend or delete what is pending. */
export function InvitationsPage() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [toDelete, setToDelete] = useState<Invitation | null>(null);
  const invitations = useGetList<Invitation>('invitations', { pagination: { page: 1, perPage: 500 }, sort: { field: 'created_at', order: 'DESC' } });
  const open = (invitations.data ?? []).filter((invitation) => OPEN_STATUSES.has(invitation.status));
  // Each change stays pending until the list is read again.
  const inviting = useAdminMutation({
    mutationFn: (address: string) => dataProvider.create('invitations', { data: { email: address } }),
    onSuccess: async () => {
      setFeedback({ severity: 'success', text: 'Invitation sent!' });
      setEmail('');
      await invitations.refetch();
    },
    onError: (error) => setFeedback({ severity: 'error', text: failureText(error, 'Failed to send invite') }),
  });
  const sending = inviting.isPending;
  /** Resend or delete: one invitation at a time, whose buttons are off meanwhile. */
  const acting = useAdminMutation({
    mutationFn: ({ invitation, action }: { invitation: Invitation; action: 'resend' | 'delete' }) =>
      action === 'resend' ? dataProvider.resendInvitation(invitation.id) : dataProvider.delete('invitations', { id: invitation.id, previousData: invitation }).then(({ data }) => data),
    onSuccess: async (_answer, { invitation, action }) => {
      setFeedback({ severity: 'success', text: action === 'resend' ? `Invitation sent again to ${invitation.email}` : `Invitation for ${invitation.email} deleted` });
      await invitations.refetch();
    },
    onError: (error, { action }) => setFeedback({ severity: 'error', text: failureText(error, action === 'resend' ? 'Failed to send invite' : 'Delete failed') }),
  });
  const busyId = acting.isPending ? acting.variables.invitation.id : null;

  const invite = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    // docs/product.md#validation: the invite e-mail is required and must be valid.
    if (!address) return setEmailError('Email is required');
    if (!EMAIL_PATTERN.test(address)) return setEmailError('Enter a valid email address');
    setEmailError(null);
    setFeedback(null);
    inviting.mutate(address);
  };

  const resend = (invitation: Invitation) => {
    setFeedback(null);
    acting.mutate({ invitation, action: 'resend' });
  };

  const remove = () => {
    const invitation = toDelete;
    setToDelete(null);
    if (!invitation) return;
    setFeedback(null);
    acting.mutate({ invitation, action: 'delete' });
  };

  return (
    <Box sx={{ maxWidth: 760 }}>
      <Title title="Manage Invitations" />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Stack component="form" noValidate onSubmit={invite} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label="Email"
              type="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={!!emailError}
              helperText={emailError ?? 'The invitation link is e-mailed to this address'}
              size="small"
              sx={{ flex: 1 }}
            />
            <Button type="submit" variant="contained" disabled={sending} startIcon={sending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}>
              Invite
            </Button>
          </Stack>
          {feedback && (
            <Alert severity={feedback.severity} sx={{ mt: 2 }} role={feedback.severity === 'error' ? 'alert' : 'status'}>
              {feedback.text}
            </Alert>
          )}
          <BulkInvite onInvited={() => invitations.refetch()} />
        </CardContent>
      </Card>

      <Typography variant="h6" component="h2" gutterBottom>
        Pending Invitations
      </Typography>
      {invitations.isPending && <LinearProgress aria-label="Loading" />}
      {invitations.error && <Alert severity="error">Failed to load invitations</Alert>}
      {!invitations.isPending && !invitations.error && open.length === 0 && <Alert severity="info">No pending invitations.</Alert>}
      {open.length > 0 && (
        <Card variant="outlined">
          <List aria-label="Pending invitations">
            {open.map((invitation) => (
              <ListItem key={invitation.id} divider sx={{ flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'stretch', sm: 'center' }, gap: 1 }}>
                <ListItemText
                  primary={invitation.email}
                  secondary={invitationSummary(invitation)}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { color: invitation.email_status === 'failed' ? 'error' : undefined } }}
                />
                <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                  <Button size="small" startIcon={<SendIcon />} disabled={busyId === invitation.id} onClick={() => resend(invitation)} aria-label={`Resend invitation to ${invitation.email}`}>
                    Resend
                  </Button>
                  <Button size="small" color="error" startIcon={<DeleteIcon />} disabled={busyId === invitation.id} onClick={() => setToDelete(invitation)} aria-label={`Delete invitation to ${invitation.email}`}>
                    Delete
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        </Card>
      )}
      <Confirm
        isOpen={!!toDelete}
        title="Delete invitation"
        content={`Withdraw the invitation for ${toDelete?.email ?? ''}? Its link stops working.`}
        confirm="Delete"
        onConfirm={remove}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}
