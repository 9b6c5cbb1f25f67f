import { render, screen } from '@testing-library/react';
import { api, ApiError, OFFLINE_WRITE_MESSAGE } from '../api/client';
import { reachability } from '../api/reachability';
import { OFFLINE_MESSAGE, SERVER_UNREACHABLE_MESSAGE, ServerUnreachableNotice } from '../components/ServerUnreachableNotice';
import { session } from '../session/session';
import { MEMBER, signIn, stubFetch } from '../test/helpers';
import { CACHED_ANSWER_HEADER } from './shared';

describe('the app offline, on the answers its service worker kept', () => {
  beforeEach(() => signIn(MEMBER));
  afterEach(() => {
    vi.unstubAllGlobals();
    reachability.reset();
    session.clear();
  });

  it('shows a cached answer and says the device is offline', async () => {
    stubFetch(() => ({ body: [{ id: 1 }], headers: { [CACHED_ANSWER_HEADER]: '1' } }));
    render(<ServerUnreachableNotice />);
    expect(await api('/games?week_id=1')).toEqual([{ id: 1 }]);
    expect(reachability.isOffline()).toBe(true);
    expect(await screen.findByRole('status')).toHaveTextContent(OFFLINE_MESSAGE);
  });

  it('refuses a write while offline without sending it', async () => {
    const { calls } = stubFetch(() => ({ body: [], headers: { [CACHED_ANSWER_HEADER]: '1' } }));
    await api('/picks?week_id=1&user_id=7');
    const failure = await api('/picks', { method: 'POST', body: { game_id: 1 } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).errors).toEqual([OFFLINE_WRITE_MESSAGE]);
    expect(calls.map((call) => call.method)).toEqual(['GET']);
  });

  it('is back online with the first answer from the network, and a failing server is "unreachable", not offline', async () => {
    stubFetch(() => ({ body: [], headers: { [CACHED_ANSWER_HEADER]: '1' } }));
    await api('/games?week_id=1');
    stubFetch(() => ({ status: 503, body: { errors: ['down'] } }));
    render(<ServerUnreachableNotice />);
    await api('/games?week_id=1').catch(() => undefined);
    expect(reachability.isOffline()).toBe(false);
    expect(await screen.findByRole('status')).toHaveTextContent(SERVER_UNREACHABLE_MESSAGE);
    stubFetch(() => ({ body: [] }));
    await api('/games?week_id=1');
    expect(reachability.isUnreachable()).toBe(false);
  });
});
