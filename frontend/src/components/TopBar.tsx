import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { AppBar, Box, Button, IconButton, Toolbar, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAppName } from '../api/appConfig';
import { session, useSession } from '../session/session';
import { useThemeMode } from '../theme/theme';

/** The product name, the links of SPEC §1, logout and the light/dark toggle. */
export function TopBar() {
  const appName = useAppName();
  const { token, user } = useSession();
  const { paletteMode, toggle } = useThemeMode();
  const navigate = useNavigate();
  const links = token
    ? [
        { to: '/dashboard', label: 'Dashboard' },
        { to: '/profile', label: 'Profile' },
        { to: '/results', label: 'Results' },
        ...(user?.role === 'admin'
          ? [
              { to: '/admin', label: 'Admin' },
              { to: '/invites', label: 'Invites' },
            ]
          : []),
      ]
    : [
        { to: '/login', label: 'Login' },
        { to: '/register', label: 'Register' },
      ];

  return (
    <AppBar position="static" color="primary" enableColorOnDark>
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: { xs: 0.5, sm: 0 } }}>
        <Typography variant="h6" component={RouterLink} to="/" sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, mr: 'auto' }}>
          {appName}
        </Typography>
        <Box component="nav" aria-label="Main" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {links.map((link) => (
            <Button key={link.to} component={RouterLink} to={link.to} color="inherit" size="small">
              {link.label}
            </Button>
          ))}
          {token && (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                session.clear();
                navigate('/login');
              }}
            >
              Logout
            </Button>
          )}
        </Box>
        <IconButton
          color="inherit"
          onClick={toggle}
          aria-label={paletteMode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
          title={paletteMode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
        >
          {paletteMode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
        </IconButton>
      </Toolbar>
    </AppBar>
  );
}
