import { useEffect, useId, useRef, useState } from 'react';
import { useAppName } from '../api/appConfig';
import { LoginScreen } from './LoginScreen';
import { applyPublicTheme, publicPalette } from './publicTheme';
import { THEME_MODE_KEY } from '../theme/themeMode';

const DARK_ICON =
  'M12 3c-4.97 0-9 4.03-9 9s4.03 9 9 9 9-4.03 9-9c0-.46-.04-.92-.1-1.36-.98 1.37-2.58 2.26-4.4 2.26-2.98 0-5.4-2.42-5.4-5.4 0-1.81.89-3.42 2.26-4.4-.44-.06-.9-.1-1.36-.1';
const LIGHT_ICON =
  'M12 7c-2.76 0-5 2.24-5 5s2.24 5 5 5 5-2.24 5-5-2.24-5-5-5M2 13h2c.55 0 1-.45 1-1s-.45-1-1-1H2c-.55 0-1 .45-1 1s.45 1 1 1m18 0h2c.55 0 1-.45 1-1s-.45-1-1-1h-2c-.55 0-1 .45-1 1s.45 1 1 1M11 2v2c0 .55.45 1 1 1s1-.45 1-1V2c0-.55-.45-1-1-1s-1 .45-1 1m0 18v2c0 .55.45 1 1 1s1-.45 1-1v-2c0-.55-.45-1-1-1s-1 .45-1 1M5.99 4.58c-.39-.39-1.03-.39-1.41 0-.39.39-.39 1.03 0 1.41l1.06 1.06c.39.39 1.03.39 1.41 0s.39-1.03 0-1.41zm12.37 12.37c-.39-.39-1.03-.39-1.41 0-.39.39-.39 1.03 0 1.41l1.06 1.06c.39.39 1.03.39 1.41 0 .39-.39.39-1.03 0-1.41zm1.06-10.96c.39-.39.39-1.03 0-1.41-.39-.39-1.03-.39-1.41 0l-1.06 1.06c-.39.39-.39 1.03 0 1.41s1.03.39 1.41 0zM7.05 18.36c.39-.39.39-1.03 0-1.41-.39-.39-1.03-.39-1.41 0l-1.06 1.06c-.39.39-.39 1.03 0 1.41s1.03.39 1.41 0z';
const MENU_ICON = 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z';
const CLOSE_ICON = 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';

const Icon = ({ path }: { path: string }) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d={path} fill="currentColor" />
  </svg>
);

const LINKS = [
  { to: '/login', label: 'Login' },
  { to: '/register', label: 'Register' },
];

/**
 * The light shell of the public pages (docs/architecture.md, "Web app weight"): what the server sends when /login is
 * opened directly, in plain React and CSS (no MUI, router or query cache). It draws the app's top bar as a visitor
 * sees it (name, Login and Register, the light/dark toggle; the links behind a menu button on a phone) and the
 * screen; every link leaves for the full app by an ordinary page load.
 */
export function PublicApp() {
  const appName = useAppName();
  const [palette, setPalette] = useState(publicPalette);
  const [open, setOpen] = useState(false);
  const navId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const pathname = window.location.pathname.replace(/\/+$/, '') || '/';
  const themeLabel = palette === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';

  useEffect(() => {
    applyPublicTheme(palette);
  }, [palette]);

  const toggle = () => {
    const next = palette === 'dark' ? 'light' : 'dark';
    localStorage.setItem(THEME_MODE_KEY, next);
    setPalette(next);
  };

  return (
    <>
      <header className="pub-bar">
        <div className="pub-toolbar">
          <a className="pub-brand" href="/">
            {appName}
          </a>
          <button
            type="button"
            className="pub-icon-button pub-menu-button"
            aria-label="Menu"
            aria-expanded={open}
            aria-controls={navId}
            ref={menuButton}
            onClick={() => setOpen((value) => !value)}
          >
            <Icon path={open ? CLOSE_ICON : MENU_ICON} />
          </button>
          <nav
            id={navId}
            aria-label="Main"
            className={open ? 'pub-nav pub-nav-open' : 'pub-nav'}
            onKeyDown={(event) => {
              if (event.key !== 'Escape' || !open) return;
              setOpen(false);
              menuButton.current?.focus();
            }}
          >
            {LINKS.map((link) => (
              <a key={link.to} href={link.to} className="pub-nav-link" aria-current={pathname === link.to ? 'page' : undefined}>
                {link.label}
              </a>
            ))}
          </nav>
          <button type="button" className="pub-icon-button" onClick={toggle} aria-label={themeLabel} title={themeLabel}>
            <Icon path={palette === 'dark' ? LIGHT_ICON : DARK_ICON} />
          </button>
        </div>
      </header>
      <main id="main">
        <LoginScreen />
      </main>
    </>
  );
}
