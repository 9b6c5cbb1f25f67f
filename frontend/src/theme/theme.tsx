import { createTheme, CssBaseline, GlobalStyles, type Theme, type ThemeOptions, useMediaQuery } from '@mui/material';
// MUI's own ThemeProvider picks at run time between this one and its CSS-variables provider, so it brings the latter
// (about 3 KiB gzipped) into every page; these themes never use CSS variables (a remote one is made without them).
import { ThemeProvider } from '@mui/system';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { THEME_MODE_KEY } from './themeMode';
import { themeVariables } from './themeVariables';

export { THEME_MODE_KEY };
export type ThemeMode = 'light' | 'dark' | 'remote';
/** Where a remote theme (MUI theme options as JSON) is loaded from; `remoteThemePath` in localStorage overrides it. */
export const DEFAULT_REMOTE_THEME_PATH = '/theme.json';

/**
 * Shared by both palettes. Papers (cards, dialogs, menus, the top bar) carry no elevation overlay: in dark mode MUI
 * lightens raised papers with a white gradient, which turned dialogs a grey that clashed with the page; here every
 * surface is the palette's own `background.paper`.
 */
const components: ThemeOptions['components'] = {
  MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
  // In dark mode the top bar is a dark surface (MUI's default without enableColorOnDark), set off by a border.
  MuiAppBar: {
    defaultProps: { enableColorOnDark: false },
    styleOverrides: { root: ({ theme }) => (theme.palette.mode === 'dark' ? { borderBottom: `1px solid ${theme.palette.divider}` } : {}) },
  },
};

const brand: ThemeOptions = {
  // MUI's own warning (#ed6c02, 3.1:1) and info (#0288d1, 3.9:1) fall short as text on white: darker shades here.
  palette: { primary: { main: '#166534' }, secondary: { main: '#b45309' }, warning: { main: '#c2410c' }, info: { main: '#0277bd' } },
  shape: { borderRadius: 10 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  components,
};

/**
 * Contrast (WCAG AA, 4.5:1 for text): light primary #166534 with white text 7.1:1, secondary #b45309 with white
 * 5.0:1, warning #c2410c 5.2:1, info #0277bd 4.8:1, error #d32f2f 5.0:1; dark primary #4ade80 and secondary
 * #fbbf24 take near-black text (over 10:1) and, as link or outlined text, read over 9:1 on the dark page and
 * papers; dark error #f87171 5.8:1. The screen sweep (test/browser/screens.browser-spec.ts) checks every screen.
 */
const paletteOptions: Record<'light' | 'dark', ThemeOptions['palette']> = {
  light: { ...brand.palette, mode: 'light' },
  dark: {
    mode: 'dark',
    primary: { main: '#4ade80' },
    secondary: { main: '#fbbf24' },
    // MUI's dark error (#f44336) reads 4.4:1 on these papers; a lighter red reads 5.8:1.
    error: { main: '#f87171' },
    background: { default: '#0f1a14', paper: '#15241b' },
    divider: 'rgba(255, 255, 255, 0.16)',
  },
};

const themes: Partial<Record<'light' | 'dark', Theme>> = {};
/** The light or dark theme, made when first used: a page makes only the one it shows (about 10 ms each on a phone). */
export function themeOf(mode: 'light' | 'dark'): Theme {
  return (themes[mode] ??= createTheme({ ...brand, palette: paletteOptions[mode] }));
}

interface ThemeModeContext {
  mode: ThemeMode;
  /** The palette in use: light or dark (a remote theme says which). */
  paletteMode: 'light' | 'dark';
  setMode: (mode: ThemeMode) => void;
  toggle: () => void;
  theme: Theme;
}

const Context = createContext<ThemeModeContext | null>(null);

function storedMode(): ThemeMode | null {
  const value = localStorage.getItem(THEME_MODE_KEY);
  return value === 'light' || value === 'dark' || value === 'remote' ? value : null;
}

/**
 * The light/dark/remote choice of docs/product.md#screens, kept in localStorage as `themeMode`; without a choice it follows the
 * system's colour preference. Shared by the member pages and the admin console.
 */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const [mode, setModeState] = useState<ThemeMode>(() => storedMode() ?? (prefersDark ? 'dark' : 'light'));
  const [remote, setRemote] = useState<Theme | null>(null);

  useEffect(() => {
    if (mode !== 'remote') return;
    let active = true;
    const path = localStorage.getItem('remoteThemePath') ?? DEFAULT_REMOTE_THEME_PATH;
    fetch(path)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${path} answered ${response.status}`))))
      .then((options: ThemeOptions) => active && setRemote(createTheme({ components, ...options, cssVariables: false })))
      .catch(() => active && setRemote(null));
    return () => {
      active = false;
    };
  }, [mode]);

  const setMode = useCallback((next: ThemeMode) => {
    localStorage.setItem(THEME_MODE_KEY, next);
    setModeState(next);
  }, []);

  const value = useMemo<ThemeModeContext>(() => {
    const theme = mode === 'remote' ? (remote ?? themeOf(prefersDark ? 'dark' : 'light')) : themeOf(mode);
    const paletteMode = theme.palette.mode;
    return { mode, paletteMode, setMode, toggle: () => setMode(paletteMode === 'dark' ? 'light' : 'dark'), theme };
  }, [mode, remote, prefersDark, setMode]);
  const variables = useMemo(() => ({ ':root': themeVariables(value.theme) }), [value.theme]);

  return (
    <Context.Provider value={value}>
      <ThemeProvider theme={value.theme}>
        <CssBaseline />
        <GlobalStyles styles={variables} />
        {children}
      </ThemeProvider>
    </Context.Provider>
  );
}

export function useThemeMode(): ThemeModeContext {
  const context = useContext(Context);
  if (!context) throw new Error('useThemeMode needs a ThemeModeProvider');
  return context;
}
