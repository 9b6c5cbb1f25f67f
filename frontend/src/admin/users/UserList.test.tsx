import { screen, waitFor, within } from '@testing-library/react';
import { session } from '../../session/session';
import { clickWhenEnabled, renderAdmin, stubAdminApi, typeInto } from '../test/adminTestUtils';
import { wholeOrZero } from './UserInputs';

const USER = { id: 7, email: 'fan@pool.test', name: 'Pat Fan', role: 'user', admin: false, wins: 3, losses: 1 };

describe('Manage Users', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('lists Email, Name, Role, Wins, Losses and Actions', async () => {
    stubAdminApi({ 'GET /api/users': [USER] });
    renderAdmin('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Manage Users' })).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'fan@pool.test' });
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Email', 'Name', 'Role', 'Wins', 'Losses', 'Actions']);
  });

  it('edits a user in the Edit User dialog and shows a server message on its field', async () => {
    const { calls } = stubAdminApi({
      'GET /api/users': [USER],
      'GET /api/users/7': USER,
      'PUT /api/users/7': () => ({ status: 409, body: { errors: ['email is already used by another account'] } }),
    });
    renderAdmin('/admin/users/7');
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await waitFor(() => expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('fan@pool.test'));
    typeInto(within(dialog).getByLabelText(/^Email/), 'pat@pool.test');
    typeInto(within(dialog).getByLabelText('Wins'), '5');
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('email is already used by another account')).not.toHaveLength(0);
    expect(within(dialog).getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ role: 'user', email: 'pat@pool.test', name: 'Pat Fan', wins: 5, losses: 1 });
  });

  it.each([
    ['7', 7],
    ['', 0],
    ['abc', 0],
    [null, 0],
    ['3.9', 3],
  ])('parses wins %j as %s (docs/product.md#validation)', (value, parsed) => {
    expect(wholeOrZero(value)).toBe(parsed);
  });
});
