/**
 * The web app manifest (/manifest.webmanifest; docs/architecture.md, "The installable web app"): served by the
 * server rather than built with the web app, because the pool's name (APP_NAME) is known only at run time.
 */

/** The browser's bar around the installed app: the light theme's primary green, the dark theme's page. */
export const THEME_COLORS = { light: '#166534', dark: '#0f1a14' } as const;
const BACKGROUND_COLORS = { light: '#ffffff', dark: '#0f1a14' } as const;

/** The name under the home-screen icon: the whole name when it fits (12 characters), else its first word, cut to fit. */
export function shortNameOf(appName: string): string {
  const name = appName.trim();
  if (name.length <= 12) return name;
  return (name.split(/\s+/)[0] ?? name).slice(0, 12);
}

export function webAppManifest(appName: string) {
  return {
    id: '/dashboard',
    name: appName,
    short_name: shortNameOf(appName),
    description: `${appName}: pick the winner of every college football game with your pool.`,
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLORS.light,
    background_color: BACKGROUND_COLORS.light,
    // Read by browsers that theme an installed app by colour scheme; the page's own theme-color metas do the rest.
    user_preferences: { color_scheme_dark: { theme_color: THEME_COLORS.dark, background_color: BACKGROUND_COLORS.dark } },
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
