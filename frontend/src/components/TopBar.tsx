import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useAppName } from '../api/appConfig';
import { logOut } from '../api/logout';
import { useThemeMode } from '../theme/theme';
import { CloseIcon, DarkModeIcon, LightModeIcon, MenuIcon } from './plain/icons';
import { ButtonLink, PlainButton } from './plain/PlainButton';
import { isConsolePath, useAppLinks } from './useAppLinks';
import './TopBar.css';

/**
 * The product name, the links of docs/product.md#product, logout and the light/dark toggle, on one row at any width: below `sm`
 * the links sit behind a menu button and open as a list under the bar (a disclosure, no popover code in the entry
 * chunk). In dark mode the bar is a dark surface (theme: AppBar without enableColorOnDark). Plain elements in the
 * look of MUI's AppBar, Button and IconButton (TopBar.css, plain/plain.css): they load with every page.
 */
export function TopBar() {
  const appName = useAppName();
  const { signedIn, links } = useAppLinks();
  const { paletteMode, toggle } = useThemeMode();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const navId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  // Any navigation closes the phone menu.
  useEffect(() => setOpen(false), [pathname]);
  // The menu button shows below `sm` only; there, in the admin console, the console's own menu button is the one and
  // its drawer carries these links too (docs/admin-console.md, "One menu button on a phone").
  const consoleMenu = isConsolePath(pathname);

  const current = (to: string) => pathname === to || (to === '/admin' && pathname.startsWith('/admin/'));
  const themeLabel = paletteMode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';

  return (
    <header className="top-bar">
      <div className="top-bar__row">
        <RouterLink to="/" className="top-bar__name">
          {appName}
        </RouterLink>
        {!consoleMenu && (
          <button
            type="button"
            className="tg-icon-button top-bar__menu"
            aria-label="Menu"
            aria-expanded={open}
            aria-controls={navId}
            ref={menuButton}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </button>
        )}
        <nav
          id={navId}
          aria-label="Main"
          className={`top-bar__nav${open ? ' top-bar__nav--open' : ''}`}
          // Escape closes the phone menu and hands the focus back to its button.
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || !open) return;
            setOpen(false);
            menuButton.current?.focus();
          }}
        >
          {links.map((link) => (
            <ButtonLink key={link.to} to={link.to} color="inherit" size="small" className="top-bar__link" aria-current={current(link.to) ? 'page' : undefined}>
              {link.label}
            </ButtonLink>
          ))}
          {signedIn && (
            <PlainButton
              color="inherit"
              size="small"
              className="top-bar__link"
              onClick={() => {
                void logOut();
                navigate('/login');
              }}
            >
              Logout
            </PlainButton>
          )}
        </nav>
        <button type="button" className="tg-icon-button" onClick={toggle} aria-label={themeLabel} title={themeLabel}>
          {paletteMode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
        </button>
      </div>
    </header>
  );
}
