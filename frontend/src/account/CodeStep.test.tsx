import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { session } from '../session/session';
import { ADMIN, fakeToken, outsideActEnvironment, stubApi } from '../test/helpers';
import { PublicApp } from './PublicApp';

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const CHALLENGE = { second_factor_required: true, challenge: 'signed-challenge', methods: ['totp', 'recovery_code'] };

describe("the light shell's second step (an admin with a second factor)", () => {
  outsideActEnvironment();
  const replace = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/login');
    vi.stubGlobal('location', { ...window.location, pathname: '/login', replace });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    replace.mockReset();
  });

  const password = () => {
    render(<PublicApp />);
    type('Email', 'admin@pool.test');
    type('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  };

  it('asks for the 6-digit code after the password, then signs in with the challenge and the code', async () => {
    const { calls } = stubApi({ 'POST /api/users/login': CHALLENGE, 'POST /api/users/login/second_factor': { token: fakeToken(), user: ADMIN } });
    password();
    const code = await screen.findByLabelText('Enter the 6-digit code from your authenticator app');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(session.get().token).toBeNull();
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/admin'));
    expect(calls.find((call) => call.path === '/api/users/login/second_factor')?.body).toEqual({ challenge: 'signed-challenge', code: '123456' });
  });

  it('switches to a recovery code, and says why a code failed', async () => {
    stubApi({
      'POST /api/users/login': CHALLENGE,
      'POST /api/users/login/second_factor': () => ({ status: 401, body: { errors: ['That code is not valid. Check your authenticator app and try again.'] } }),
    });
    password();
    fireEvent.click(await screen.findByRole('link', { name: 'Use a recovery code' }));
    const code = screen.getByLabelText('Enter one of your recovery codes');
    expect(code).toHaveAttribute('inputmode', 'text');
    fireEvent.change(code, { target: { value: 'abcd-ef01-2345-6789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not valid');
    expect(replace).not.toHaveBeenCalled();
  });

  it('lands an admin who must set up a second factor on the set-up page', async () => {
    stubApi({ 'POST /api/users/login': { token: fakeToken(), user: { ...ADMIN, second_factor_enrolment_required: true } } });
    password();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/second-factor/setup'));
  });
});
