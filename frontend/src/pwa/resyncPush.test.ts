import { session } from '../session/session';
import { signIn, stubFetch } from '../test/helpers';
import { PUSH_ENDPOINT_KEY, PUSH_SUBSCRIPTION_ID_KEY } from './forget';
import { resyncPush } from './pushSubscription';

const RENEWED = { endpoint: 'https://fcm.googleapis.com/fcm/send/renewed', expirationTime: null, keys: { p256dh: 'p256', auth: 'auth' } };

/** A browser with notifications allowed whose service worker holds `subscription`. */
function stubBrowser(subscription: { endpoint: string } | null) {
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'granted' });
  const pushManager = { getSubscription: vi.fn(async () => subscription && { ...subscription, toJSON: () => RENEWED }) };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: vi.fn(async () => ({ pushManager })) } });
}

function stubServer() {
  return stubFetch(({ method, path }) => {
    if (method === 'POST' && path === '/api/me/push_subscriptions') return { status: 201, body: { id: 8, endpoint: RENEWED.endpoint } };
    if (method === 'DELETE' && path === '/api/me/push_subscriptions/5') return { status: 204 };
    return undefined;
  });
}

describe('resyncing push when the app opens', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });

  it('saves a subscription the browser renewed and forgets the old one on the server', async () => {
    localStorage.setItem(PUSH_SUBSCRIPTION_ID_KEY, '5');
    localStorage.setItem(PUSH_ENDPOINT_KEY, 'https://fcm.googleapis.com/fcm/send/old');
    stubBrowser(RENEWED);
    const { calls } = stubServer();
    await resyncPush();
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /api/me/push_subscriptions', 'DELETE /api/me/push_subscriptions/5']);
    expect(calls[0].body).toEqual(RENEWED);
    expect(localStorage.getItem(PUSH_SUBSCRIPTION_ID_KEY)).toBe('8');
    expect(localStorage.getItem(PUSH_ENDPOINT_KEY)).toBe(RENEWED.endpoint);
  });

  it('asks nothing when the endpoint is the one saved, when push was never turned on here, or when signed out', async () => {
    stubBrowser(RENEWED);
    const { calls } = stubServer();
    await resyncPush();
    localStorage.setItem(PUSH_SUBSCRIPTION_ID_KEY, '5');
    localStorage.setItem(PUSH_ENDPOINT_KEY, RENEWED.endpoint);
    await resyncPush();
    localStorage.setItem(PUSH_ENDPOINT_KEY, 'https://fcm.googleapis.com/fcm/send/old');
    session.clear();
    await resyncPush();
    expect(calls).toEqual([]);
  });

  it('never throws when the server cannot be reached, and tries again next time', async () => {
    localStorage.setItem(PUSH_SUBSCRIPTION_ID_KEY, '5');
    stubBrowser(RENEWED);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(resyncPush()).resolves.toBeUndefined();
    expect(localStorage.getItem(PUSH_SUBSCRIPTION_ID_KEY)).toBe('5');
    expect(localStorage.getItem(PUSH_ENDPOINT_KEY)).toBeNull();
  });
});
