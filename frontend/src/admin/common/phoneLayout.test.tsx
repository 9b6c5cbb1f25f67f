import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../session/session';
import { asPhone, renderAdmin, stubAdminApi } from '../test/adminTestUtils';

const TEAM = {
  id: 1,
  name: 'Alabama',
  nickname: 'Crimson Tide',
  mascot: 'Big Al',
  city: 'Tuscaloosa',
  state: 'AL',
  conference_id: 1,
  conference: { id: 1, name: 'SEC' },
  wins: 3,
  losses: 1,
  webpage_url: 'https://rolltide.com',
};

describe('The admin console on a phone', () => {
  let undo: () => void;
  beforeEach(() => {
    undo = asPhone();
  });
  afterEach(() => {
    undo();
    vi.unstubAllGlobals();
    session.clear();
  });

  it('keeps the menu in a drawer behind a menu button, and lists rows that open the edit dialog with Delete in it', async () => {
    stubAdminApi({ 'GET /api/teams': [TEAM], 'GET /api/teams/1': TEAM, 'GET /api/conferences': [{ id: 1, name: 'SEC' }] });
    renderAdmin('/admin/teams');
    expect(await screen.findByRole('heading', { name: 'Manage Teams' })).toBeInTheDocument();
    // No side list: the links are one tap away in the drawer.
    expect(screen.queryByRole('link', { name: 'Games' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Admin menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(menu).getByRole('link', { name: 'Games' })).toBeInTheDocument();
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument());

    // A simple list instead of the table: no Actions column, the row itself is the way in.
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Team' })).toBeInTheDocument();
    fireEvent.click(await screen.findByText('Alabama'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Team' });
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
