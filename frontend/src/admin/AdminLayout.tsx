import CalculateIcon from '@mui/icons-material/Calculate';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import EventIcon from '@mui/icons-material/Event';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import HowToVoteIcon from '@mui/icons-material/HowToVote';
import MailIcon from '@mui/icons-material/Mail';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PaidIcon from '@mui/icons-material/Paid';
import PeopleIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PolicyIcon from '@mui/icons-material/Policy';
import ShieldIcon from '@mui/icons-material/Shield';
import ShieldMoonIcon from '@mui/icons-material/ShieldMoon';
import SportsFootballIcon from '@mui/icons-material/SportsFootball';
import MenuIcon from '@mui/icons-material/Menu';
import { Alert, Box, Button, Divider, Drawer, IconButton, LinearProgress, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Paper, type Theme, useMediaQuery } from '@mui/material';
import { Component, type ReactNode, Suspense, useState } from 'react';
import { TitlePortal } from 'react-admin';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { isConsolePath, useAppLinks } from '../components/useAppLinks';
import { logOut } from '../api/logout';

export const ADMIN_LINKS: { to: string; label: string; icon: ReactNode }[] = [
  { to: '/admin', label: 'Overview', icon: <DashboardIcon /> },
  { to: '/admin/users', label: 'Users', icon: <PeopleIcon /> },
  { to: '/invites', label: 'Invitations', icon: <PersonAddIcon /> },
  { to: '/admin/conferences', label: 'Conferences', icon: <ShieldIcon /> },
  { to: '/admin/teams', label: 'Teams', icon: <GroupsIcon /> },
  { to: '/admin/seasons', label: 'Seasons', icon: <CalendarMonthIcon /> },
  { to: '/admin/weeks', label: 'Weeks', icon: <EventIcon /> },
  { to: '/admin/games', label: 'Games', icon: <SportsFootballIcon /> },
  { to: '/admin/import', label: 'Import Games', icon: <CloudDownloadIcon /> },
  { to: '/admin/imports', label: 'Import History', icon: <HistoryIcon /> },
  { to: '/admin/picks', label: 'Picks', icon: <HowToVoteIcon /> },
  { to: '/admin/missing-picks', label: "Who Hasn't Picked", icon: <NotificationsActiveIcon /> },
  { to: '/admin/notifications', label: 'Notifications', icon: <MailIcon /> },
  { to: '/admin/weekly-results', label: 'Weekly Results', icon: <CalculateIcon /> },
  { to: '/admin/season-results', label: 'Season Results', icon: <EmojiEventsIcon /> },
  { to: '/admin/entry_payments', label: 'Entry Fees', icon: <PaidIcon /> },
  { to: '/admin/survivor_contests', label: 'Survivor', icon: <ShieldMoonIcon /> },
  { to: '/admin/survivor_entries', label: 'Survivor Entrants', icon: <GroupAddIcon /> },
  { to: '/admin/survivor_picks', label: 'Survivor Picks', icon: <FactCheckIcon /> },
  { to: '/admin/security_events', label: 'Security Log', icon: <PolicyIcon /> },
];

/** A page that throws shows what broke instead of blanking the console; another page starts afresh. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Alert severity="error" action={<Button color="inherit" onClick={() => this.setState({ error: null })}>Retry</Button>}>
        Something went wrong: {this.state.error.message}
      </Alert>
    );
  }
}

/** The console's links; `onNavigate` closes the drawer they sit in on a phone. */
function AdminLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const isActive = (to: string) => (to === '/admin' ? pathname === '/admin' || pathname === '/admin/' : pathname === to || pathname.startsWith(`${to}/`));
  return (
    <List dense sx={{ py: 0.5 }}>
      {ADMIN_LINKS.map((link) => (
        <ListItem key={link.to} disablePadding>
          <ListItemButton
            component={RouterLink}
            to={link.to}
            selected={isActive(link.to)}
            aria-current={isActive(link.to) ? 'page' : undefined}
            onClick={onNavigate}
            sx={{ borderRadius: 1, mx: 0.5 }}
          >
            <ListItemIcon sx={{ minWidth: 34 }}>{link.icon}</ListItemIcon>
            <ListItemText primary={link.label} sx={{ whiteSpace: 'nowrap' }} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/**
 * The app's own links (the top bar's, which hides its menu button in the console on a phone) and Logout, under the
 * console's links in the drawer: a phone has one menu button. The console's Overview and Invitations stand for the
 * bar's Admin and Invites.
 */
function AppLinks({ onNavigate }: { onNavigate: () => void }) {
  const { links } = useAppLinks();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <List dense sx={{ py: 0.5 }}>
      {links
        .filter((link) => !isConsolePath(link.to))
        .map((link) => (
          <ListItem key={link.to} disablePadding>
            <ListItemButton component={RouterLink} to={link.to} aria-current={pathname === link.to ? 'page' : undefined} onClick={onNavigate} sx={{ borderRadius: 1, mx: 0.5 }}>
              <ListItemText primary={link.label} />
            </ListItemButton>
          </ListItem>
        ))}
      <ListItem disablePadding>
        <ListItemButton
          onClick={() => {
            onNavigate();
            void logOut();
            navigate('/login');
          }}
          sx={{ borderRadius: 1, mx: 0.5 }}
        >
          <ListItemText primary="Logout" />
        </ListItemButton>
      </ListItem>
    </List>
  );
}

/**
 * The console's layout under the app's own top bar (which already carries the product name, logout and the
 * theme toggle): a side menu and the page, whose heading is react-admin's title slot. Below `md` the menu is a
 * drawer behind a menu button on the heading's row (react-admin's own layout does the same below `sm`), so no page
 * is wider than a phone; below `sm` it is the only menu button, and the drawer holds the app's links too.
 */
export function AdminLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const wide = !useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  // Below `sm` the top bar's links are not shown (docs/admin-console.md, "One menu button on a phone"): the drawer carries them.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', gap: 2, p: { xs: 1, sm: 2 }, alignItems: 'stretch' }}>
      {wide ? (
        <Paper component="nav" aria-label="Admin" variant="outlined" sx={{ alignSelf: 'flex-start', position: 'sticky', top: 16, flex: '0 0 auto' }}>
          <AdminLinks />
        </Paper>
      ) : (
        <Drawer open={open} onClose={() => setOpen(false)} slotProps={{ paper: { 'aria-label': 'Admin menu' } as object }}>
          <Box component="nav" aria-label="Admin" sx={{ width: 260 }}>
            <AdminLinks onNavigate={() => setOpen(false)} />
          </Box>
          {phone && (
            <Box component="nav" aria-label="Account" sx={{ width: 260 }}>
              <Divider />
              <AppLinks onNavigate={() => setOpen(false)} />
            </Box>
          )}
        </Drawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          {!wide && (
            <IconButton edge="start" aria-label="Admin menu" aria-expanded={open} onClick={() => setOpen(true)}>
              <MenuIcon />
            </IconButton>
          )}
          <TitlePortal component="h1" variant="h5" sx={{ fontWeight: 600, whiteSpace: 'normal', m: 0 }} />
        </Box>
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<LinearProgress aria-label="Loading" />}>{children}</Suspense>
        </PageErrorBoundary>
      </Box>
    </Box>
  );
}
