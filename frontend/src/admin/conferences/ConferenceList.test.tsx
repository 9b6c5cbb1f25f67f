import { fireEvent, screen, within } from '@testing-library/react';
import { session, SESSION_EXPIRED_EVENT } from '../../session/session';
import { renderAdmin, stubAdminApi, typeInto } from '../test/adminTestUtils';

async function addConference(name: string) {
  renderAdmin('/admin/conferences/create');
  const dialog = await screen.findByRole('dialog', { name: 'Add Conference' });
  typeInto(within(dialog).getByLabelText(/^Name/), name);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  return dialog;
}

describe('Manage Conferences', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('adds a conference and lists it', async () => {
    const conferences = [{ id: 1, name: 'SEC' }];
    const { calls } = stubAdminApi({
      'GET /api/conferences': () => ({ body: conferences }),
      'POST /api/conferences': ({ body }: { body: { name: string } }) => {
        conferences.push({ id: 2, name: body.name });
        return { status: 201, body: { id: 2, name: body.name } };
      },
    });
    const dialog = await addConference('Big Ten');
    expect(await screen.findByRole('cell', { name: 'Big Ten' })).toBeInTheDocument();
    expect(dialog).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Big Ten' });
  });

  it('shows a server validation message on the field it concerns', async () => {
    stubAdminApi({
      'GET /api/conferences': [],
      'POST /api/conferences': () => ({ status: 422, body: { errors: ['name must be at most 100 characters'] } }),
    });
    const dialog = await addConference('x'.repeat(101));
    const input = within(dialog).getByLabelText(/^Name/);
    expect(await within(dialog).findAllByText('name must be at most 100 characters')).toHaveLength(2);
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    { status: 409, body: { errors: ['A conference named SEC already exists'] }, text: 'A conference named SEC already exists' },
    { status: 500, body: { errors: ['Internal server error'] }, text: 'Create failed' },
  ])('shows a $status as "$text" in the dialog', async ({ status, body, text }) => {
    stubAdminApi({ 'GET /api/conferences': [], 'POST /api/conferences': () => ({ status, body }) });
    const dialog = await addConference('SEC');
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
  });

  it('shows the server reason when a delete is refused', async () => {
    stubAdminApi({
      'GET /api/conferences': [{ id: 1, name: 'SEC' }],
      'DELETE /api/conferences/1': () => ({ status: 409, body: { errors: ['SEC still has 14 teams'] } }),
    });
    renderAdmin('/admin/conferences');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('SEC still has 14 teams')).toBeInTheDocument();
  });

  it('runs the shared session-expired flow on a 401', async () => {
    const expired = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, expired);
    stubAdminApi({ 'GET /api/conferences': () => ({ status: 401, body: { errors: ['Your session has ended'] } }) });
    renderAdmin('/admin/conferences');
    await vi.waitFor(() => expect(expired).toHaveBeenCalled());
    expect(session.token()).toBeNull();
    window.removeEventListener(SESSION_EXPIRED_EVENT, expired);
  });
});
