import CloseIcon from '@mui/icons-material/Close';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, IconButton, Toolbar, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useAppName } from '../api/appConfig';
import { logOut } from '../api/logout';
import { useThemeMode } from '../theme/theme';
import { isConsolePath, useAppLinks } from './useAppLinks';

/**
 * The product name, the links of docs/product.md#product, logout and the light/dark toggle, on one row at any width: below `sm`
 * the links sit behind a menu button and open as a list under the bar (a disclosure, no popover code in the entry
 * chunk). In dark mode the bar is a dark surface (theme: AppBar without enableColorOnDark).
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
    <AppBar position="relative" color="primary">
      <Toolbar sx={{ gap: 1, minHeight: { xs: 56 } }}>
        <Typography
          variant="h6"
          component={RouterLink}
          to="/"
          noWrap
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, mr: 'auto', minWidth: 0, fontSize: { xs: '1.1rem', sm: '1.25rem' } }}
        >
          {appName}
        </Typography>
        {!consoleMenu && (
          <IconButton
            color="inherit"
            sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
            aria-label="Menu"
            aria-expanded={open}
            aria-controls={navId}
            ref={menuButton}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        )}
        <Box
          component="nav"
          id={navId}
          aria-label="Main"
          // Escape closes the phone menu and hands the focus back to its button.
          onKeyDown={(event: { key: string }) => {
            if (event.key !== 'Escape' || !open) return;
            setOpen(false);
            menuButton.current?.focus();
          }}
          sx={{
            // Wide: inline in the bar. Phone: a full-width list under it, shown while the menu is open.
            display: { xs: open ? 'flex' : 'none', sm: 'flex' },
            flexDirection: { xs: 'column', sm: 'row' },
            gap: 0.5,
            position: { xs: 'absolute', sm: 'static' },
            top: '100%',
            left: 0,
            right: 0,
            zIndex: 1,
            p: { xs: 1, sm: 0 },
            bgcolor: { xs: paletteMode === 'dark' ? 'background.paper' : 'primary.main', sm: 'transparent' },
            boxShadow: { xs: 4, sm: 'none' },
          }}
        >
          {links.map((link) => (
            <Button
              key={link.to}
              component={RouterLink}
              to={link.to}
              color="inherit"
              size="small"
              aria-current={current(link.to) ? 'page' : undefined}
              sx={{ justifyContent: { xs: 'flex-start', sm: 'center' }, minHeight: { xs: 44, sm: 'auto' } }}
            >
              {link.label}
            </Button>
          ))}
          {signedIn && (
            <Button
              color="inherit"
              size="small"
              sx={{ justifyContent: { xs: 'flex-start', sm: 'center' }, minHeight: { xs: 44, sm: 'auto' } }}
              onClick={() => {
                void logOut();
                navigate('/login');
              }}
            >
              Logout
            </Button>
          )}
        </Box>
        <IconButton color="inherit" onClick={toggle} aria-label={themeLabel} title={themeLabel}>
          {paletteMode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
        </IconButton>
      </Toolbar>
    </AppBar>
  );
}
