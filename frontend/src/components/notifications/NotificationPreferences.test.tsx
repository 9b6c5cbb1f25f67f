import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationPreferences as Preferences } from '../../api/types';
import { session } from '../../session/session';
import { MEMBER, outsideActEnvironment, renderAt, signIn, stubApi } from '../../test/helpers';
import { channelLabel, NOTIFICATION_TEXTS, NotificationPreferences } from './NotificationPreferences';

const DEFAULTS: Preferences = {
  reminders: { email: true, push: false },
  picks_sheet: { email: true, push: false },
  game_finals: { email: false, push: false },
  weekly_results: { email: false, push: false },
  pick_overrides: { email: true, push: false },
  weekly_email: { email: true, push: false },
};

const section = () => screen.getByRole('region', { name: NOTIFICATION_TEXTS.title });
const toggle = (name: string) => within(section()).getByRole('switch', { name });

describe('the notification preferences section', () => {
  outsideActEnvironment();
  beforeEach(() => {
    localStorage.clear();
    signIn(MEMBER);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('shows a row per kind with labelled E-mail and Push switches, under #notifications', async () => {
    stubApi({ 'GET /api/me/notification_preferences': DEFAULTS });
    renderAt(<NotificationPreferences userId={MEMBER.id} />);
    expect(await screen.findByRole('switch', { name: channelLabel('Pick reminders', 'email') })).toBeChecked();
    expect(section()).toHaveAttribute('id', 'notifications');
    expect(within(section()).getAllByRole('listitem')).toHaveLength(6);
    expect(within(section()).getAllByRole('switch')).toHaveLength(12);
    expect(toggle(channelLabel('Pick reminders', 'push'))).not.toBeChecked();
    // No e-mail exists for game finals: its switch is off and cannot be turned on.
    expect(toggle(channelLabel('Game finals', 'email'))).toBeDisabled();
    expect(toggle(channelLabel('Game finals', 'push'))).toBeEnabled();
  }, 20_000);

  it('flips at once and saves the one change with PATCH', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const { calls, fetch } = stubApi({ 'GET /api/me/notification_preferences': DEFAULTS });
    const original = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) => {
      if (init?.method !== 'PATCH') return original(input, init);
      calls.push({ method: 'PATCH', path: String(input), url: new URL(String(input), 'http://localhost'), body: JSON.parse(String(init.body)) });
      const given = await new Promise<{ status: number; body: unknown }>((resolve) => (answer = resolve));
      return new Response(JSON.stringify(given.body), { status: given.status, headers: { 'Content-Type': 'application/json' } });
    });
    renderAt(<NotificationPreferences userId={MEMBER.id} />);
    const push = await screen.findByRole('switch', { name: channelLabel('Pick reminders', 'push') });
    fireEvent.click(push);
    // Optimistic: on before the server answered.
    expect(push).toBeChecked();
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ reminders: { push: true } }));
    answer({ status: 200, body: { ...DEFAULTS, reminders: { email: true, push: true } } });
    await waitFor(() => expect(push).toBeChecked());
    expect(within(section()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("flips back and shows the server's error when it refuses", async () => {
    stubApi({
      'GET /api/me/notification_preferences': DEFAULTS,
      'PATCH /api/me/notification_preferences': () => ({ status: 422, body: { errors: ['weekly_email.email must be true or false'] } }),
    });
    renderAt(<NotificationPreferences userId={MEMBER.id} />);
    const email = await screen.findByRole('switch', { name: channelLabel('Weekly e-mail', 'email') });
    fireEvent.click(email);
    expect(await within(section()).findByText('weekly_email.email must be true or false')).toBeInTheDocument();
    expect(email).toBeChecked();
  }, 20_000);

  it('says so when the choices cannot be loaded', async () => {
    stubApi({ 'GET /api/me/notification_preferences': () => ({ status: 403, body: { errors: ['Forbidden'] } }) });
    renderAt(<NotificationPreferences userId={MEMBER.id} />);
    expect(await screen.findByText(NOTIFICATION_TEXTS.loadFailed)).toBeInTheDocument();
  });
});
