import { THEME_MODE_KEY } from '../theme/themeMode';

export type PaletteMode = 'light' | 'dark';

/**
 * The palette of the light shell, chosen as the app chooses it (theme/theme.tsx): the member's stored `themeMode`,
 * else the system's colour preference (a remote theme, which needs MUI, falls back to the system's preference here).
 */
export function publicPalette(): PaletteMode {
  const stored = localStorage.getItem(THEME_MODE_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Puts the palette on the document (account.css reads `data-theme`). */
export function applyPublicTheme(mode: PaletteMode = publicPalette()): PaletteMode {
  document.documentElement.dataset.theme = mode;
  return mode;
}
