import { pageFor } from './web-app';
import { shortNameOf, webAppManifest } from './web-manifest';

const html = '<html><head><script type="module" src="/assets/index.js"></script></head><body></body></html>';
const manifest = {
  'index.html': { file: 'assets/index.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  '_typography.js': { file: 'assets/typography.js', css: ['assets/typography.css'], imports: ['_shared.js'] },
  'src/pages/DashboardPage.tsx': { file: 'assets/DashboardPage.js', imports: ['_typography.js', '_shared.js'] },
  'src/admin/AdminApp.tsx': { file: 'assets/AdminApp.js', imports: ['_shared.js'] },
  'src/pages/LivePage.tsx': { file: 'assets/LivePage.js', imports: ['_shared.js'] },
};

describe('the page a route is served with', () => {
  it("announces the route's own chunks, not the entry's", () => {
    const page = pageFor(html, manifest, '/dashboard');
    expect(page).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/DashboardPage.js"><link rel="modulepreload" crossorigin href="/assets/typography.js"></head>',
    );
    expect(page).not.toContain('href="/assets/shared.js"');
  });

  it("links the stylesheets of the route's chunks, so they load beside the entry", () => {
    expect(pageFor(html, manifest, '/dashboard')).toContain('<link rel="stylesheet" href="/assets/typography.css"><link rel="modulepreload"');
    expect(pageFor(html, manifest, '/live')).not.toContain('stylesheet');
  });

  it("announces the live board's chunk on /live", () => {
    expect(pageFor(html, manifest, '/live')).toContain('<link rel="modulepreload" crossorigin href="/assets/LivePage.js"></head>');
  });

  it('announces the admin console on /admin paths and /invites only', () => {
    expect(pageFor(html, manifest, '/admin/games')).toContain('/assets/AdminApp.js');
    expect(pageFor(html, manifest, '/invites')).toContain('/assets/AdminApp.js');
    expect(pageFor(html, manifest, '/administrator')).toBe(html);
  });

  it('leaves the page as it is for other paths or without a manifest', () => {
    expect(pageFor(html, manifest, '/')).toBe(html);
    expect(pageFor(html, null, '/dashboard')).toBe(html);
  });
});

describe('the web app manifest', () => {
  it("carries the pool's name, starts at the dashboard standalone, with any and maskable icons", () => {
    const manifest = webAppManifest('Tailgate Picks');
    expect(manifest).toMatchObject({ name: 'Tailgate Picks', short_name: 'Tailgate', start_url: '/dashboard', display: 'standalone', theme_color: '#166534' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });

  it('keeps a short name of at most 12 characters', () => {
    expect(shortNameOf('Office Pool')).toBe('Office Pool');
    expect(shortNameOf('The Extraordinarily Long Pool')).toBe('The');
    expect(shortNameOf('Supercalifragilistic Pool')).toBe('Supercalifra');
  });
});
