import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../session/session';
import { asPhone, CURRENT_ROUTES, renderAdmin, stubAdminApi } from '../test/adminTestUtils';
import { sentText } from './NotificationsPage';

const PREVIEW = { week_number: 1, user_name: 'Fan', games_count: 10, tiebreaker_game: null, games: [], html: '<p>Your picks for Week 1</p>' };

async function validate() {
  renderAdmin('/admin/notifications');
  expect(await screen.findByRole('heading', { name: 'Weekly Email Notifications' })).toBeInTheDocument();
  const button = await screen.findByRole('button', { name: 'Validate Week' });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
}

describe('Weekly Email Notifications', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it.each([
    [{ sent_count: 3, failed_count: 1, skipped_count: 2, queued_count: 0 }, 'Email notifications sent successfully! Sent: 3, Failed: 1'],
    [{ sent_count: 0, failed_count: 0, skipped_count: 0, queued_count: 4 }, 'Email notifications sent successfully! Sent: 0, Failed: 0, Queued: 4 (still trying)'],
  ])('reads the answer %j as "%s"', (result, text) => {
    expect(sentText(result)).toBe(text);
  });

  it.each([404, 500])('treats a %s from validation as valid, with the warning', async (status) => {
    stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/weekly_notifications/validate': () => ({ status, body: { errors: ['Validation exploded'] } }),
      'GET /api/weekly_notifications/deliveries': [],
    });
    await validate();
    expect(await screen.findByText('Validation endpoint not available - proceed with caution')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview Email' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Send Notifications' })).toBeEnabled();
  });

  it('keeps preview and send off for a week that is not valid', async () => {
    stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/weekly_notifications/validate': { isValid: false, gamesCount: 9, tiebreakerCount: 1, message: 'Week 1 needs exactly 10 games with 1 tiebreaker' },
      'GET /api/weekly_notifications/deliveries': [],
    });
    await validate();
    expect(await screen.findByText(/Week 1 needs exactly 10 games with 1 tiebreaker/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview Email' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send Notifications' })).toBeDisabled();
  });

  it('shows "Failed to validate week" for other failures', async () => {
    stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/weekly_notifications/validate': () => ({ status: 502, body: {} }),
      'GET /api/weekly_notifications/deliveries': [],
    });
    await validate();
    expect(await screen.findByText('Failed to validate week')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Notifications' })).toBeDisabled();
  });

  it('previews and sends a valid week, then lists the deliveries', async () => {
    let sent = false;
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/weekly_notifications/validate': { isValid: true, gamesCount: 10, tiebreakerCount: 1, message: 'Week 1 is ready' },
      'GET /api/weekly_notifications/preview': PREVIEW,
      'POST /api/weekly_notifications/send': () => {
        sent = true;
        return { body: { sent_count: 3, failed_count: 1, skipped_count: 0, queued_count: 2 } };
      },
      'GET /api/weekly_notifications/deliveries': () => ({
        body: sent ? [{ id: 1, user: { name: 'Fan', email: 'fan@pool.test' }, status: 'sent', sent_at: '2026-09-01T10:00:00Z', error: null }] : [],
      }),
    });
    await validate();
    expect(await screen.findByText('Week 1 is ready (Games: 10, Tiebreakers: 1)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Preview Email' }));
    expect(await screen.findByTitle('Email preview')).toHaveAttribute('srcdoc', PREVIEW.html);

    fireEvent.click(screen.getByRole('button', { name: 'Send Notifications' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email notifications sent successfully! Sent: 3, Failed: 1, Queued: 2 (still trying)')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ week_id: 3 });
    expect(await screen.findByText('Fan (fan@pool.test)')).toBeInTheDocument();
  });

  it('shows "Failed to send notifications" when sending fails', async () => {
    stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/weekly_notifications/validate': { isValid: true, gamesCount: 10, tiebreakerCount: 1, message: 'Week 1 is ready' },
      'POST /api/weekly_notifications/send': () => ({ status: 500, body: { errors: ['Internal server error'] } }),
      'GET /api/weekly_notifications/deliveries': [],
    });
    await validate();
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
