import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createDataProvider } from '../../admin/dataProvider';
import { api, ApiError } from '../../api/client';
import { ADMIN, renderAt, signIn, stubFetch } from '../../test/helpers';
import type { ConfirmationFormProps } from './methods';
import { REAUTHENTICATION_METHODS } from './methodList';
import { ReauthenticationHost } from './ReauthenticationHost';

const CONFIRM = { errors: ["Confirm it's you to make this change."], reauthentication_required: true };
const UPDATED = { id: 5, name: 'Casey', role: 'admin' };

/**
 * The API as the server answers a sensitive change: 403 with the flag until the password was given again, then the
 * change. Counts each call by "METHOD /path".
 */
function sensitiveApi(change: string) {
  let confirmed = false;
  return stubFetch(({ method, path, body }) => {
    if (`${method} ${path}` === change) return confirmed ? { body: UPDATED } : { status: 403, body: CONFIRM };
    if (method === 'POST' && path === '/api/me/reauthenticate') {
      if ((body as { password: string }).password !== 'right-password') return { status: 422, body: { errors: ['Password is incorrect'] } };
      confirmed = true;
      return { body: { reauthenticated_until: '2026-11-27T20:05:00.000Z' } };
    }
    return undefined;
  });
}

/** The dialog's closing, awaited where Testing Library expects React's updates. */
const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

/** The calls made, but the dialog's questions of which other ways to confirm this member has (a code, a passkey). */
const calls = (stub: ReturnType<typeof stubFetch>) =>
  stub.calls.map(({ method, path }) => `${method} ${path}`).filter((call) => call !== 'GET /api/me/second_factor' && call !== 'GET /api/me/passkeys');

async function confirmWith(password: string) {
  const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
  fireEvent.change(within(dialog).getByLabelText(/Password/), { target: { value: password } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  return dialog;
}

// Each test opens the dialog and types into it; a machine busy with other test files takes seconds for that.
describe('the "Confirm it\'s you" dialog', { timeout: 20_000 }, () => {
  // The dialog is a chunk of its own: loaded once here, so no test's time goes to the first load.
  beforeAll(() => import('./ReauthenticationDialog'));
  beforeEach(() => {
    signIn(ADMIN);
    renderAt(<ReauthenticationHost />);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens on a 403 asking for it, says a wrong password, and sends the change again once confirmed', async () => {
    const stub = sensitiveApi('PATCH /api/users/5');
    const change = api('/users/5', { method: 'PATCH', body: { role: 'admin' } });
    const dialog = await confirmWith('wrong-password');
    expect(await within(dialog).findByText('Password is incorrect')).toBeInTheDocument();
    await confirmWith('right-password');
    await closed();
    await expect(change).resolves.toEqual(UPDATED);
    expect(calls(stub)).toEqual(['PATCH /api/users/5', 'POST /api/me/reauthenticate', 'POST /api/me/reauthenticate', 'PATCH /api/users/5']);
    expect(stub.calls.at(-1)?.body).toEqual({ role: 'admin' });
  });

  it('leaves the change refused when the member cancels, and sends nothing more', async () => {
    const stub = sensitiveApi('PATCH /api/users/5');
    const refused = expect(api('/users/5', { method: 'PATCH', body: { role: 'admin' } })).rejects.toEqual(new ApiError(403, CONFIRM.errors, CONFIRM));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await closed();
    await refused;
    expect(calls(stub)).toEqual(['PATCH /api/users/5']);
  });

  it('asks once for two changes refused together, and sends both again', async () => {
    const stub = sensitiveApi('PATCH /api/users/5');
    const first = api('/users/5', { method: 'PATCH', body: { role: 'admin' } });
    const second = api('/users/5', { method: 'PATCH', body: { email: 'casey@pool.test' } });
    await confirmWith('right-password');
    await closed();
    await expect(Promise.all([first, second])).resolves.toEqual([UPDATED, UPDATED]);
    expect(calls(stub).filter((call) => call === 'POST /api/me/reauthenticate')).toHaveLength(1);
    expect(calls(stub).filter((call) => call === 'PATCH /api/users/5')).toHaveLength(4);
  });

  it('does not open on any other 403', async () => {
    const stub = stubFetch(() => ({ status: 403, body: { errors: ['You are not allowed to do this'] } }));
    await expect(api('/users/5', { method: 'PATCH', body: { role: 'admin' } })).rejects.toMatchObject({ status: 403 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stub.calls).toHaveLength(1);
  });

  it("serves the admin console's data provider too: the edit is saved after the confirmation", async () => {
    const stub = sensitiveApi('PUT /api/users/5');
    const saved = createDataProvider().update('users', { id: 5, data: { role: 'admin' }, previousData: { id: 5, role: 'user' } });
    await confirmWith('right-password');
    await closed();
    await expect(saved).resolves.toEqual({ data: UPDATED });
    expect(calls(stub)).toEqual(['PUT /api/users/5', 'POST /api/me/reauthenticate', 'PUT /api/users/5']);
  });

  it('offers the other ways to confirm that are listed and usable, and switches to one', async () => {
    const CodeForm = ({ onConfirmed }: ConfirmationFormProps) => (
      <button type="button" onClick={onConfirmed}>
        Code accepted
      </button>
    );
    REAUTHENTICATION_METHODS.push({ id: 'code', label: 'Use a code', Form: CodeForm }, { id: 'never', label: 'Use nothing', available: () => false, Form: CodeForm });
    try {
      const stub = stubFetch(({ method }) => (stub.calls.filter((call) => call.method === 'PATCH').length > 1 || method !== 'PATCH' ? { body: UPDATED } : { status: 403, body: CONFIRM }));
      const change = api('/users/5', { method: 'PATCH', body: { role: 'admin' } });
      const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Use a code' }));
      expect(within(dialog).queryByRole('button', { name: 'Use nothing' })).not.toBeInTheDocument();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Code accepted' }));
      await closed();
      await expect(change).resolves.toEqual(UPDATED);
    } finally {
      REAUTHENTICATION_METHODS.splice(1);
    }
  });
});
