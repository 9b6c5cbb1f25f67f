import { memberFiles } from '../../pwa.config';
import { isCachedApiPath, memberCacheKey, notificationTarget, pushMessageOf } from './shared';

describe("the service worker's rules", () => {
  it("keys a member's cached answers by their token, never another member's", async () => {
    const url = 'http://localhost/api/picks?week_id=2&user_id=7';
    const first = await memberCacheKey(url, 'Bearer one');
    expect(first).toMatch(/^http:\/\/localhost\/api\/picks\?week_id=2&user_id=7&__member=[0-9a-f]{24}$/);
    expect(await memberCacheKey(url, 'Bearer one')).toBe(first);
    expect(await memberCacheKey(url, 'Bearer two')).not.toBe(first);
    expect(await memberCacheKey('http://localhost/api/app_config', null)).toBe('http://localhost/api/app_config');
  });

  it("caches the member pages' reads only", () => {
    for (const path of ['/api/games', '/api/picks', '/api/me', '/api/football_seasons/current', '/api/weeks/3/live', '/api/live', '/api/season_results/1/by_week', '/api/survivor', '/api/survivor/5/board', '/api/weeks/3/survivor_pick']) {
      expect(isCachedApiPath(path)).toBe(true);
    }
    for (const path of ['/api/survivor/5/entry', '/api/me/sessions', '/api/admin/users', '/api/me/push_subscriptions', '/api/weeks/3/picks.csv', '/api/health', '/api/logout']) {
      expect(isCachedApiPath(path)).toBe(false);
    }
  });

  it('reads a push message leniently', () => {
    expect(pushMessageOf(JSON.stringify({ title: 'Picks lock soon', body: '2 hours left', tag: 'reminder-3', url: '/dashboard' }), 'Pool')).toEqual({
      title: 'Picks lock soon',
      body: '2 hours left',
      tag: 'reminder-3',
      url: '/dashboard',
    });
    expect(pushMessageOf(JSON.stringify({ title: 'Final', data: { url: '/results' } }), 'Pool')).toMatchObject({ url: '/results', body: '' });
    expect(pushMessageOf('Just text', 'Pool')).toEqual({ title: 'Pool', body: 'Just text', url: '/dashboard' });
    expect(pushMessageOf(null, 'Pool')).toEqual({ title: 'Pool', body: '', url: '/dashboard' });
  });

  it("opens only the app's own pages from a notification", () => {
    const origin = 'https://pool.example';
    expect(notificationTarget('/results', origin)).toBe('https://pool.example/results');
    expect(notificationTarget('https://evil.example/phish', origin)).toBe('https://pool.example/dashboard');
    expect(notificationTarget(undefined, origin)).toBe('https://pool.example/dashboard');
  });

  it("precaches the member's chunks, not the admin console's", () => {
    const files = memberFiles({
      'index.html': { file: 'assets/index.js', css: ['assets/index.css'], dynamicImports: ['src/pages/DashboardPage.tsx', 'src/admin/AdminApp.tsx'] },
      'src/pages/DashboardPage.tsx': { file: 'assets/DashboardPage.js', imports: ['_shared.js'] },
      'src/admin/AdminApp.tsx': { file: 'assets/AdminApp.js', imports: ['_shared.js', '_react-admin.js'] },
      '_shared.js': { file: 'assets/shared.js' },
      '_react-admin.js': { file: 'assets/react-admin.js' },
    });
    expect([...files].sort()).toEqual(['assets/DashboardPage.js', 'assets/index.css', 'assets/index.js', 'assets/shared.js']);
  });
});
