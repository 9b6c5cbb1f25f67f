import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../session/session';
import { asPhone, chooseOption, renderAdmin, stubAdminApi, typeInto } from '../test/adminTestUtils';

const ROLE_CHANGE = {
  id: 3,
  type: 'role_changed',
  user_id: 7,
  actor_id: 1,
  email: 'fan@pool.test',
  ip: '203.0.113.9',
  details: 'Role changed from user to admin',
  created_at: '2026-11-20T15:30:00.000Z',
};
const FAILED_LOGIN = { id: 2, type: 'login_failed', user_id: null, actor_id: null, email: 'who@pool.test', ip: '198.51.100.4', details: null, created_at: '2026-11-19T10:00:00.000Z' };

describe('Security Log', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('lists the entries newest first with their columns, and filters by event type and e-mail on the server', async () => {
    const { calls } = stubAdminApi({
      'GET /api/security_events': ({ filter }: { filter: Record<string, unknown> }) => ({
        body: [ROLE_CHANGE, FAILED_LOGIN].filter((entry) => (!filter.type || entry.type === filter.type) && (!filter.email || entry.email.includes(String(filter.email)))),
      }),
    });
    renderAdmin('/admin/security_events');
    expect(await screen.findByRole('heading', { name: 'Security Log' })).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'fan@pool.test' });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['When', 'Event', 'E-mail', 'User', 'By', 'IP', 'Details']);
    expect(screen.getByText('Role changed from user to admin')).toBeInTheDocument();
    expect(screen.getByText('Failed login')).toBeInTheDocument();
    const first = calls.find((call) => call.url.pathname === '/api/security_events')!;
    expect(JSON.parse(first.url.searchParams.get('sort')!)).toEqual(['created_at', 'DESC']);

    await chooseOption(screen.getByRole('combobox', { name: 'Event' }), 'Failed login');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'fan@pool.test' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'who@pool.test' })).toBeInTheDocument();
    const filtered = calls.filter((call) => call.url.pathname === '/api/security_events').at(-1)!;
    expect(JSON.parse(filtered.url.searchParams.get('filter')!)).toEqual({ type: 'login_failed' });

    typeInto(screen.getByLabelText('E-mail contains'), 'nobody');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'who@pool.test' })).not.toBeInTheDocument());
    const byEmail = calls.filter((call) => call.url.pathname === '/api/security_events').at(-1)!;
    expect(JSON.parse(byEmail.url.searchParams.get('filter')!)).toEqual({ type: 'login_failed', email: 'nobody' });
  });

  it('is a simple list of readable lines on a phone, reached from the menu', async () => {
    const undo = asPhone();
    try {
      stubAdminApi({ 'GET /api/security_events': [ROLE_CHANGE] });
      renderAdmin('/admin/security_events');
      expect(await screen.findByRole('heading', { name: 'Security Log' })).toBeInTheDocument();
      expect(await screen.findByText(/^Role changed · /)).toBeInTheDocument();
      expect(screen.getByText('fan@pool.test · user #7')).toBeInTheDocument();
      expect(screen.getByText('Role changed from user to admin · 203.0.113.9')).toBeInTheDocument();
      expect(screen.queryByRole('columnheader')).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Admin menu' }));
      const menu = await screen.findByRole('navigation', { name: 'Admin' });
      expect(within(menu).getByRole('link', { name: 'Security Log' })).toHaveAttribute('href', '/admin/security_events');
    } finally {
      undo();
    }
  });
});
