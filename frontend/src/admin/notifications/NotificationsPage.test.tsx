import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../session/session';
import { asPhone, CURRENT_ROUTES, renderAdmin, stubAdminApi } from '../test/adminTestUtils';
import { alreadySentText, sentText } from './sendStatus';

const PREVIEW = { week_number: 1, user_name: 'Fan', games_count: 10, tiebreaker_game: null, games: [], html: '<p>Your picks for Week 1</p>' };

const NOT_SENT = { week_id: 3, sends: [], last_sent_at: null };
/** Sent on Sat Nov 28 2026, 10:06 PM in the test's time zone, to 7 members: 6 delivered, 1 refused. */
const SENT_AT = new Date(2026, 10, 28, 22, 6).toISOString();
const SENT = {
  week_id: 3,
  sends: [{ round: 0, sent_at: SENT_AT, recipient_count: 7, delivered_count: 6, refused_count: 1, queued_count: 0 }],
  last_sent_at: SENT_AT,
};
const READY = { isValid: true, gamesCount: 10, tiebreakerCount: 1, message: 'Week 1 is ready' };

/** Opens the page: the week's validation runs by itself, without a click. */
async function open() {
  renderAdmin('/admin/notifications');
  expect(await screen.findByRole('heading', { name: 'Weekly Email Notifications' })).toBeInTheDocument();
}

describe('Weekly Email Notifications', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it.each([
    [{ sent_count: 3, failed_count: 0, skipped_count: 0, queued_count: 0 }, 'Email notifications sent successfully! Sent: 3, Failed: 0'],
    [
      { sent_count: 3, failed_count: 1, skipped_count: 2, queued_count: 0 },
      'Email notifications sent, but the mail server refused some. Sent: 3, Failed: 1, Skipped: 2 (already sent, or e-mail turned off)',
    ],
    [{ sent_count: 0, failed_count: 0, skipped_count: 0, queued_count: 4 }, 'Email notifications sent successfully! Sent: 0, Failed: 0, Queued: 4 (still trying)'],
    [{ sent_count: 0, failed_count: 0, skipped_count: 7, queued_count: 0 }, "Nothing sent: every member already has this week's e-mail, or turned it off (7 skipped)."],
  ])('reads the answer %j as "%s"', (result, text) => {
    expect(sentText(result)).toBe(text);
  });

  it.each([404, 500])('treats a %s from validation as valid, with the warning', async (status) => {
    stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/weekly_notifications/validate': () => ({ status, body: { errors: ['Validation exploded'] } }),
      'GET /api/weekly_notifications/deliveries': [],
      'GET /api/weekly_notifications/status': NOT_SENT,
    });
    await open();
    expect(await screen.findByText('Validation endpoint not available - proceed with caution')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview Email' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Send Notifications' })).toBeEnabled();
  });

  it('keeps preview and send off for a week that is not valid', async () => {
    stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/weekly_notifications/validate': { isValid: false, gamesCount: 9, tiebreakerCount: 1, message: 'Week 1 needs exactly 10 games with 1 tiebreaker' },
      'GET /api/weekly_notifications/deliveries': [],
      'GET /api/weekly_notifications/status': NOT_SENT,
    });
    await open();
    expect(await screen.findByText(/Week 1 needs exactly 10 games with 1 tiebreaker/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview Email' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send Notifications' })).toBeDisabled();
  });

  it('shows "Failed to validate week" for other failures', async () => {
    stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/weekly_notifications/validate': () => ({ status: 502, body: {} }),
      'GET /api/weekly_notifications/deliveries': [],
      'GET /api/weekly_notifications/status': NOT_SENT,
    });
    await open();
    expect(await screen.findByText('Failed to validate week')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Notifications' })).toBeDisabled();
  });

  it('previews and sends a valid week, then lists the deliveries', async () => {
    let sent = false;
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/weekly_notifications/validate': READY,
      'GET /api/weekly_notifications/status': () => ({ body: sent ? SENT : NOT_SENT }),
      'GET /api/weekly_notifications/preview': PREVIEW,
      'POST /api/weekly_notifications/send': () => {
        sent = true;
        return { body: { sent_count: 5, failed_count: 1, skipped_count: 0, queued_count: 1 } };
      },
      'GET /api/weekly_notifications/deliveries': () => ({
        body: sent ? [{ id: 1, user: { name: 'Fan', email: 'fan@pool.test' }, status: 'sent', sent_at: '2026-09-01T10:00:00Z', error: null }] : [],
      }),
    });
    await open();
    expect(await screen.findByText('Week 1 is ready (Games: 10, Tiebreakers: 1)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Preview Email' }));
    expect(await screen.findByTitle('Email preview')).toHaveAttribute('srcdoc', PREVIEW.html);

    fireEvent.click(screen.getByRole('button', { name: 'Send Notifications' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email notifications sent, but the mail server refused some. Sent: 5, Failed: 1, Queued: 1 (still trying)')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ week_id: 3 });
    expect(await screen.findByText('Fan (fan@pool.test)')).toBeInTheDocument();
    // The week now reads as sent.
    expect(await screen.findByRole('alert', { name: 'Already sent' })).toHaveTextContent('Already sent to 7 members on Sat, Nov 28, 10:06 PM.');
  });

  it('validates the week by itself when the page opens, and again on Validate Week', async () => {
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/weekly_notifications/validate': READY,
      'GET /api/weekly_notifications/status': NOT_SENT,
      'GET /api/weekly_notifications/deliveries': [],
    });
    await open();
    expect(await screen.findByText('Week 1 is ready (Games: 10, Tiebreakers: 1)')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Notifications' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Preview Email' })).toBeEnabled();
    const validations = () => calls.filter((call) => call.url.pathname === '/api/weekly_notifications/validate');
    expect(validations().map((call) => call.url.searchParams.get('week_id'))).toEqual(['3']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Validate Week' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Validate Week' }));
    await waitFor(() => expect(validations()).toHaveLength(2));
    expect(screen.queryByRole('alert', { name: 'Already sent' })).not.toBeInTheDocument();
  });

  it('says a week was e-mailed already, with when, how many and what became of them, and asks "Send again" before a second send', async () => {
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/weekly_notifications/validate': READY,
      'GET /api/weekly_notifications/status': SENT,
      'GET /api/weekly_notifications/deliveries': [],
      'POST /api/weekly_notifications/send': { sent_count: 1, failed_count: 0, skipped_count: 6, queued_count: 0 },
    });
    await open();
    const already = await screen.findByRole('alert', { name: 'Already sent' });
    expect(already).toHaveTextContent('Already sent to 7 members on Sat, Nov 28, 10:06 PM. 6 delivered, 1 refused by the mail server, 0 still on their way.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Notifications' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Send Notifications' }));
    const question = await screen.findByRole('dialog');
    expect(within(question).getByText('Send the weekly e-mail again?')).toBeInTheDocument();
    expect(question).toHaveTextContent(/Already sent to 7 members on Sat, Nov 28, 10:06 PM\. Sending again e-mails only the members who have not received it/);
    expect(within(question).queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    // Cancelling sends nothing.
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Send Notifications' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Email notifications sent successfully! Sent: 1, Failed: 0, Skipped: 6 (already sent, or e-mail turned off)')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('names a later send that reached more members', () => {
    const later = new Date(2026, 10, 30, 9, 15).toISOString();
    expect(alreadySentText({ ...SENT, last_sent_at: later })).toBe('Already sent to 7 members on Sat, Nov 28, 10:06 PM (the last on Mon, Nov 30, 9:15 AM).');
    expect(alreadySentText(NOT_SENT)).toBeNull();
  });

  it('shows "Failed to send notifications" when sending fails', async () => {
    stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/weekly_notifications/validate': READY,
      'POST /api/weekly_notifications/send': () => ({ status: 500, body: { errors: ['Internal server error'] } }),
      'GET /api/weekly_notifications/deliveries': [],
      'GET /api/weekly_notifications/status': NOT_SENT,
    });
    await open();
    await screen.findByText(/Week 1 is ready/);
    fireEvent.click(screen.getByRole('button', { name: 'Send Notifications' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send notifications')).toBeInTheDocument();
  });

  it('retries a failed e-mail from the delivery log and lists failed e-mails of every kind', async () => {
    let retried = false;
    const failedRow = { id: 7, kind: 'weekly', user: { name: 'Fan', email: 'fan@pool.test' }, status: 'failed', sent_at: null, error: '550 Mailbox unavailable' };
    const resetRow = { id: 9, kind: 'password-reset', user: null, email: 'lost@pool.test', status: 'failed', sent_at: null, error: 'Greeting never received' };
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/weekly_notifications/deliveries': ({ url }: { url: URL }) => ({
        body: url.searchParams.get('status') === 'failed' ? (retried ? [resetRow] : [failedRow, resetRow]) : [retried ? { ...failedRow, status: 'queued', error: null } : failedRow],
      }),
      'POST /api/notification_deliveries/7/retry': () => {
        retried = true;
        return { body: { ...failedRow, status: 'queued', error: null } };
      },
    });
    renderAdmin('/admin/notifications');
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    expect(await within(log).findByText('550 Mailbox unavailable')).toBeInTheDocument();
    const failedList = await screen.findByRole('table', { name: 'Failed e-mails' });
    expect(within(failedList).getByText('password-reset')).toBeInTheDocument();
    expect(within(failedList).getByText('Greeting never received')).toBeInTheDocument();

    fireEvent.click(within(log).getByRole('button', { name: 'Retry e-mail to Fan (fan@pool.test)' }));
    expect(await within(log).findByText('queued')).toBeInTheDocument();
    expect(within(log).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/notification_deliveries/7/retry')).toBe(true);
  });

  it('lists the delivery log as cards on a phone, each with its error and Retry', async () => {
    const undo = asPhone();
    try {
      const failedRow = { id: 7, kind: 'weekly', user: { name: 'Fan', email: 'fan@pool.test' }, status: 'failed', sent_at: null, error: '550 Mailbox unavailable' };
      stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/weekly_notifications/deliveries': [failedRow] });
      renderAdmin('/admin/notifications');
      const log = await screen.findByRole('list', { name: 'Delivery log' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const [card] = within(log).getAllByRole('listitem');
      expect(within(card).getByText('Fan (fan@pool.test)')).toBeInTheDocument();
      expect(within(card).getByText('550 Mailbox unavailable')).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Retry e-mail to Fan (fan@pool.test)' })).toBeInTheDocument();
      expect(within(await screen.findByRole('list', { name: 'Failed e-mails' })).getByText(/^weekly · failed/)).toBeInTheDocument();
    } finally {
      undo();
    }
  });
});
