import { fireEvent, screen, within } from '@testing-library/react';
import type { Passkey } from '../../api/types';
import { session } from '../../session/session';
import { MEMBER, outsideActEnvironment, renderAt, signIn, stubApi } from '../../test/helpers';
import { PasskeysCard } from './PasskeysCard';

const startRegistration = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({ startRegistration: (...args: unknown[]) => startRegistration(...args) }));

const LAPTOP: Passkey = { id: 3, name: 'Laptop', created_at: '2026-11-01T12:00:00.000Z', last_used_at: null, backed_up: true };
const card = () => screen.getByRole('region', { name: 'Passkeys' });

describe('the Passkeys card', () => {
  outsideActEnvironment();
  beforeEach(() => {
    signIn(MEMBER);
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    startRegistration.mockReset();
    session.clear();
  });

  it('lists the passkeys with their dates, renames and removes one', async () => {
    const { calls } = stubApi({
      'GET /api/me/passkeys': [LAPTOP],
      'PATCH /api/me/passkeys/3': (body: unknown) => ({ status: 200, body: { ...LAPTOP, ...(body as object) } }),
      'DELETE /api/me/passkeys/3': () => ({ status: 204, body: null }),
    });
    renderAt(<PasskeysCard userId={MEMBER.id} />);
    const list = await within(card()).findByRole('list', { name: 'Passkeys' });
    expect(list).toHaveTextContent('Laptop');
    expect(list).toHaveTextContent('Synced');
    expect(list).toHaveTextContent('not used yet');
    fireEvent.click(within(card()).getByRole('button', { name: 'Rename Laptop' }));
    fireEvent.change(within(list).getByLabelText(/Passkey name/), { target: { value: 'Old laptop' } });
    fireEvent.click(within(list).getByRole('button', { name: 'Save' }));
    await within(card()).findByText('Passkey renamed.');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ name: 'Old laptop' });
    fireEvent.click(within(card()).getByRole('button', { name: /^Remove / }));
    await within(card()).findByText('Passkey removed.');
    expect(within(card()).getByText('You have no passkeys yet.')).toBeInTheDocument();
  }, 20_000);

  it('adds a passkey made by the browser under the name given', async () => {
    const response = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };
    startRegistration.mockResolvedValue(response);
    const { calls } = stubApi({
      'GET /api/me/passkeys': [],
      'POST /api/me/passkeys/options': { challenge: 'abc' },
      'POST /api/me/passkeys': () => ({ status: 201, body: { ...LAPTOP, id: 4, name: 'Phone' } }),
    });
    renderAt(<PasskeysCard userId={MEMBER.id} />);
    await within(card()).findByText('You have no passkeys yet.');
    fireEvent.change(within(card()).getByLabelText(/Passkey name/), { target: { value: 'Phone' } });
    fireEvent.click(within(card()).getByRole('button', { name: 'Add a passkey' }));
    await within(card()).findByText('Passkey added. You can sign in with it now.');
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'abc' } });
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/me/passkeys')?.body).toEqual({ name: 'Phone', response });
    expect(within(card()).getByRole('list', { name: 'Passkeys' })).toHaveTextContent('Phone');
  });

  it('says so when the member closes the browser\'s dialog', async () => {
    startRegistration.mockRejectedValue(Object.assign(new Error('closed'), { name: 'NotAllowedError' }));
    stubApi({ 'GET /api/me/passkeys': [], 'POST /api/me/passkeys/options': { challenge: 'abc' } });
    renderAt(<PasskeysCard userId={MEMBER.id} />);
    await within(card()).findByText('You have no passkeys yet.');
    fireEvent.click(within(card()).getByRole('button', { name: 'Add a passkey' }));
    await within(card()).findByText('The passkey was not created.');
  });

  it('offers no button in a browser without passkeys', async () => {
    vi.unstubAllGlobals();
    stubApi({ 'GET /api/me/passkeys': [] });
    renderAt(<PasskeysCard userId={MEMBER.id} />);
    await within(card()).findByText('This browser cannot use passkeys.');
    expect(within(card()).queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });
});
