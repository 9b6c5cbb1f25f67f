import { createTheme, CssBaseline, type Theme, type ThemeOptions, ThemeProvider, useMediaQuery } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

export type ThemeMode = 'light' | 'dark' | 'remote';
export const THEME_MODE_KEY = 'themeMode';
/** Where a remote theme (MUI theme options as JSON) is loaded from; `remoteThemePath` in localStorage overrides it. */
export const DEFAULT_REMOTE_THEME_PATH = '/theme.json';

const brand: ThemeOptions = {
  palette: { primary: { main: '#166534' }, secondary: { main: '#b45309' } },
  shape: { borderRadius: 10 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
};

export const lightTheme = createTheme({ ...brand, palette: { ...brand.palette, mode: 'light' } });
export const darkTheme = createTheme({
  ...brand,
  palette: { mode: 'dark', primary: { main: '#4ade80' }, secondary: { main: '#fbbf24' }, background: { default: '#0f1a14', paper: '#15241b' } },
});

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
 * The light/dark/remote choice of SPEC §2, kept in localStorage as `themeMode`; without a choice it follows the
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
      .then((options: ThemeOptions) => active && setRemote(createTheme(options)))
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
    const theme = mode === 'remote' ? (remote ?? (prefersDark ? darkTheme : lightTheme)) : mode === 'dark' ? darkTheme : lightTheme;
    const paletteMode = theme.palette.mode;
    return { mode, paletteMode, setMode, toggle: () => setMode(paletteMode === 'dark' ? 'light' : 'dark'), theme };
  }, [mode, remote, prefersDark, setMode]);

  return (
    <Context.Provider value={value}>
      <ThemeProvider theme={value.theme}>
        <CssBaseline />
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
