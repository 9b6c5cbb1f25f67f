import { fireEvent, screen, within } from '@testing-library/react';
import { session } from '../../session/session';
import { renderAdmin, stubAdminApi, typeInto } from '../test/adminTestUtils';
import { parseAddresses } from './InvitationsPage';

const PENDING = { id: 1, email: 'new@pool.test', status: 'pending', expires_at: '2026-12-01T00:00:00Z' };

describe('Manage Invitations', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('lists pending invitations with their status and sends a new one', async () => {
    const invitations = [PENDING, { id: 2, email: 'joined@pool.test', status: 'accepted', expires_at: '2026-12-01T00:00:00Z' }];
    stubAdminApi({
      'GET /api/invitations': () => ({ body: invitations }),
      'POST /api/invitations': ({ body }: { body: { email: string } }) => {
        invitations.unshift({ id: 3, email: body.email, status: 'pending', expires_at: '2026-12-01T00:00:00Z' });
        return { status: 201, body: invitations[0] };
      },
    });
    renderAdmin('/invites');
    expect(await screen.findByRole('heading', { name: 'Manage Invitations' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(list).getByText('new@pool.test')).toBeInTheDocument();
    expect(within(list).getByText('Status: pending')).toBeInTheDocument();
    expect(within(list).queryByText('joined@pool.test')).not.toBeInTheDocument();

    typeInto(screen.getByLabelText(/^Email/), 'friend@pool.test');
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Invitation sent!')).toBeInTheDocument();
    expect(await within(list).findByText('friend@pool.test')).toBeInTheDocument();
  });

  it('checks the e-mail before sending', async () => {
    const { calls } = stubAdminApi({ 'GET /api/invitations': [] });
    renderAdmin('/invites');
    typeInto(await screen.findByLabelText(/^Email/), 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it.each([
    { status: 409, body: { errors: ['friend@pool.test already has an account'] }, text: 'friend@pool.test already has an account' },
    { status: 502, body: { errors: ['The mail server refused the message'] }, text: 'Failed to send invite' },
  ])('shows a $status as "$text"', async ({ status, body, text }) => {
    stubAdminApi({ 'GET /api/invitations': [], 'POST /api/invitations': () => ({ status, body }) });
    renderAdmin('/invites');
    typeInto(await screen.findByLabelText(/^Email/), 'friend@pool.test');
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('resends and deletes a pending invitation', async () => {
    const { calls } = stubAdminApi({
      'GET /api/invitations': [PENDING],
      'POST /api/invitations/1/resend': PENDING,
      'DELETE /api/invitations/1': () => ({ status: 204 }),
    });
    renderAdmin('/invites');
    fireEvent.click(await screen.findByRole('button', { name: 'Resend invitation to new@pool.test' }));
    expect(await screen.findByText('Invitation sent again to new@pool.test')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete invitation to new@pool.test' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Invitation for new@pool.test deleted')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual(expect.arrayContaining(['POST /api/invitations/1/resend', 'DELETE /api/invitations/1']));
  });

  it('shows an invitation whose e-mail failed for good, and resending it queues a new one', async () => {
    const failed = { ...PENDING, email_status: 'failed', email_error: '550 Mailbox unavailable' };
    let resent = false;
    const { calls } = stubAdminApi({
      'GET /api/invitations': () => ({ body: [resent ? { ...PENDING, email_status: 'queued', email_error: null } : failed] }),
      'POST /api/invitations/1/resend': () => {
        resent = true;
        return { body: { ...PENDING, email_status: 'queued', email_error: null } };
      },
    });
    renderAdmin('/invites');
    const list = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(await within(list).findByText('Status: pending · E-mail failed: 550 Mailbox unavailable - resend it')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resend invitation to new@pool.test' }));
    expect(await screen.findByText('Invitation sent again to new@pool.test')).toBeInTheDocument();
    expect(await within(list).findByText('Status: pending · E-mail on its way')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/invitations/1/resend')).toBe(true);
  });

  it('reads a pasted list: commas, semicolons, new lines and "Name <address>"', () => {
    expect(parseAddresses('a@x.org, b@y.org;c@z.org\n\n  "Pat Fan" <pat@pool.test>\r\nD. Smith <d@pool.test>;; not-an-address ')).toEqual([
      'a@x.org',
      'b@y.org',
      'c@z.org',
      'pat@pool.test',
      'd@pool.test',
      'not-an-address',
    ]);
    expect(parseAddresses(' ,;\n')).toEqual([]);
  });

  it('invites a pasted list at once and shows who was invited and who was skipped, with the reason', async () => {
    const invitations: { id: number; email: string; status: string; expires_at: string }[] = [];
    const { calls } = stubAdminApi({
      'GET /api/invitations': () => ({ body: invitations }),
      'POST /api/invitations/bulk': ({ body }: { body: { emails: string[] } }) => {
        const fresh = body.emails.filter((email) => email.includes('@') && email !== 'member@pool.test');
        fresh.forEach((email, index) => invitations.push({ id: 10 + index, email, status: 'pending', expires_at: '2026-12-01T00:00:00Z' }));
        return {
          body: {
            invitations: invitations.slice(),
            skipped: [
              { email: 'member@pool.test', reason: 'already has an account' },
              { email: 'oops', reason: 'not a valid e-mail address' },
            ],
          },
        };
      },
    });
    renderAdmin('/invites');
    await screen.findByText('No pending invitations.');
    typeInto(screen.getByLabelText('Paste addresses'), 'Pat <pat@pool.test>; kim@pool.test\nmember@pool.test, oops');
    fireEvent.click(screen.getByRole('button', { name: 'Send 4 invitations' }));
    const invited = await screen.findByRole('list', { name: 'Invited' });
    expect(calls.find((call) => call.url.pathname === '/api/invitations/bulk')!.body).toEqual({ emails: ['pat@pool.test', 'kim@pool.test', 'member@pool.test', 'oops'] });
    expect(within(invited).getByText('pat@pool.test')).toBeInTheDocument();
    expect(within(invited).getByText('kim@pool.test')).toBeInTheDocument();
    const skipped = screen.getByRole('list', { name: 'Skipped' });
    expect(within(skipped).getByText('Skipped: already has an account')).toBeInTheDocument();
    expect(within(skipped).getByText('Skipped: not a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Invited 2, skipped 2')).toBeInTheDocument();
    // The skipped ones stay in the box to fix; the pending list shows the new ones.
    expect(screen.getByLabelText('Paste addresses')).toHaveValue('member@pool.test\noops');
    expect(await within(await screen.findByRole('list', { name: 'Pending invitations' })).findByText('kim@pool.test')).toBeInTheDocument();
  });
});
