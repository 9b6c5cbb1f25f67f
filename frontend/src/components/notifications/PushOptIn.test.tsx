import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { PUSH_SUBSCRIPTION_ID_KEY } from '../../pwa/forget';
import { pushOffer } from '../../pwa/push';
import { renderAt, signIn, stubFetch } from '../../test/helpers';
import { PushOptIn } from './PushOptIn';
import { PUSH_TEXTS } from './PushOptInPanel';

/** A VAPID public key as the server gives it (65 bytes, base64url). */
const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const SUBSCRIPTION_JSON = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', expirationTime: null, keys: { p256dh: 'p256', auth: 'auth' } };

interface Stubs {
  permission: NotificationPermission;
  requestPermission: ReturnType<typeof vi.fn>;
  subscribe: ReturnType<typeof vi.fn>;
  existing: unknown;
}

/** A browser with push: a service worker registration whose PushManager records subscribe(), and Notification. */
function stubPushBrowser(overrides: Partial<Pick<Stubs, 'permission' | 'existing'>> & { grant?: NotificationPermission } = {}): Stubs {
  const stubs: Stubs = {
    permission: overrides.permission ?? 'default',
    requestPermission: vi.fn(),
    subscribe: vi.fn(async () => ({ toJSON: () => SUBSCRIPTION_JSON, unsubscribe: vi.fn(async () => true) })),
    existing: overrides.existing ?? null,
  };
  stubs.requestPermission.mockImplementation(async () => {
    stubs.permission = overrides.grant ?? 'granted';
    return stubs.permission;
  });
  const pushManager = { subscribe: stubs.subscribe, getSubscription: vi.fn(async () => stubs.existing) };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return stubs.permission;
    },
    requestPermission: stubs.requestPermission,
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: vi.fn(async () => ({ pushManager })), controller: null } });
  return stubs;
}

function stubApi() {
  return stubFetch((request) => {
    if (request.path === '/api/push/public_key') return { body: { public_key: PUBLIC_KEY } };
    if (request.method === 'POST' && request.path === '/api/me/push_subscriptions') return { status: 201, body: { id: 5, endpoint: SUBSCRIPTION_JSON.endpoint } };
    if (request.method === 'PATCH' && request.path === '/api/me/notification_preferences') return { body: {} };
    return undefined;
  });
}

describe('the push opt-in', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });

  it('is not offered on the dashboard before a saved pick, then once, until dismissed', async () => {
    stubPushBrowser();
    stubApi();
    renderAt(<PushOptIn placement="dashboard" />, '/dashboard');
    await act(async () => undefined);
    expect(screen.queryByRole('heading', { name: PUSH_TEXTS.title })).not.toBeInTheDocument();

    act(() => pushOffer.markPickSaved());
    await screen.findByRole('heading', { name: PUSH_TEXTS.title });
    fireEvent.click(screen.getByRole('button', { name: PUSH_TEXTS.notNow }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: PUSH_TEXTS.title })).not.toBeInTheDocument());
    act(() => pushOffer.markPickSaved());
    expect(screen.queryByRole('heading', { name: PUSH_TEXTS.title })).not.toBeInTheDocument();
  });

  it('asks permission, subscribes with the server key, saves the subscription and pushes the ticked kinds only', async () => {
    const stubs = stubPushBrowser();
    const { calls } = stubApi();
    renderAt(<PushOptIn placement="profile" />, '/profile');
    await screen.findByText(PUSH_TEXTS.intro);
    expect(stubs.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox', { name: PUSH_TEXTS.kinds.weekly_results }));
    fireEvent.click(screen.getByRole('checkbox', { name: PUSH_TEXTS.kinds.game_finals }));
    fireEvent.click(screen.getByRole('button', { name: PUSH_TEXTS.turnOn }));

    await screen.findByText(PUSH_TEXTS.on);
    expect(stubs.requestPermission).toHaveBeenCalledTimes(1);
    const [{ userVisibleOnly, applicationServerKey }] = stubs.subscribe.mock.calls[0] as [{ userVisibleOnly: boolean; applicationServerKey: Uint8Array }];
    expect(userVisibleOnly).toBe(true);
    expect(applicationServerKey).toHaveLength(65);
    expect(applicationServerKey[0]).toBe(4);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual(SUBSCRIPTION_JSON);
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      reminders: { push: true },
      picks_sheet: { push: true },
      game_finals: { push: true },
      weekly_results: { push: false },
      pick_overrides: { push: true },
    });
    expect(localStorage.getItem(PUSH_SUBSCRIPTION_ID_KEY)).toBe('5');
    expect(screen.getByRole('button', { name: PUSH_TEXTS.turnOff })).toBeInTheDocument();
  });

  it('says so and subscribes nothing when the member does not allow notifications', async () => {
    const stubs = stubPushBrowser({ grant: 'denied' });
    const { calls } = stubApi();
    renderAt(<PushOptIn placement="profile" />, '/profile');
    fireEvent.click(await screen.findByRole('button', { name: PUSH_TEXTS.turnOn }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications were not allowed');
    expect(stubs.subscribe).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('explains Add to Home Screen on an iPhone outside the installed app, before any permission', async () => {
    const stubs = stubPushBrowser();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1');
    renderAt(<PushOptIn placement="profile" />, '/profile');
    expect(await screen.findByText(/Add to Home Screen/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PUSH_TEXTS.turnOn })).not.toBeInTheDocument();
    expect(stubs.requestPermission).not.toHaveBeenCalled();
  });

  it('says push is not supported on the profile, and offers nothing on the dashboard', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: vi.fn(async () => undefined) } });
    pushOffer.markPickSaved();
    renderAt(
      <>
        <PushOptIn placement="profile" />
        <PushOptIn placement="dashboard" />
      </>,
      '/profile',
    );
    expect(await screen.findByText(PUSH_TEXTS.unsupported)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: PUSH_TEXTS.title })).toHaveLength(1);
  });

  it('shows push as on for a device already subscribed, and turns it off there', async () => {
    const unsubscribe = vi.fn(async () => true);
    stubPushBrowser({ permission: 'granted', existing: { unsubscribe } });
    localStorage.setItem(PUSH_SUBSCRIPTION_ID_KEY, '9');
    const { calls } = stubFetch((request) => (request.method === 'DELETE' ? { status: 204 } : undefined));
    renderAt(<PushOptIn placement="profile" />, '/profile');
    fireEvent.click(await screen.findByRole('button', { name: PUSH_TEXTS.turnOff }));
    await screen.findByText(PUSH_TEXTS.intro);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /api/me/push_subscriptions/9']);
    expect(unsubscribe).toHaveBeenCalled();
    expect(localStorage.getItem(PUSH_SUBSCRIPTION_ID_KEY)).toBeNull();
  });
});
