import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { TopBar } from '../components/TopBar';
import { session } from '../session/session';
import { ADMIN, renderAt, signIn } from '../test/helpers';
import AdminApp from './AdminApp';
import { asPhone, CURRENT_ROUTES, stubAdminApi } from './test/adminTestUtils';

/** The app's frame as main.tsx mounts it: the top bar above the console. */
function renderConsoleWithTopBar(path: string) {
  signIn(ADMIN);
  return renderAt(
    <>
      <TopBar />
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
        <Route path="/invites" element={<AdminApp />} />
        <Route path="/login" element={<p>Login page</p>} />
      </Routes>
    </>,
    path,
  );
}

describe('The console on a phone: one menu button', () => {
  let undo: () => void;
  beforeEach(() => {
    undo = asPhone();
  });
  afterEach(() => {
    undo();
    vi.unstubAllGlobals();
    session.clear();
  });

  it("hides the top bar's menu button and carries the app's links and Logout in the console's drawer", async () => {
    stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/app_config': { app_name: 'Test Pool' }, 'GET /api/users': [] });
    renderConsoleWithTopBar('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Manage Users' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /menu/i })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Admin menu' }));
    const admin = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(admin).getByRole('link', { name: 'Games' })).toHaveAttribute('href', '/admin/games');
    const account = screen.getByRole('navigation', { name: 'Account' });
    expect(within(account).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/dashboard', '/profile', '/results']);

    fireEvent.click(within(account).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    await waitFor(() => expect(session.get().token).toBeNull());
  });

  it("keeps the top bar's menu button outside the console", () => {
    stubAdminApi({ 'GET /api/app_config': { app_name: 'Test Pool' } });
    signIn(ADMIN);
    renderAt(<TopBar />, '/dashboard');
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
  });
});
