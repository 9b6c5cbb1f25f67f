import { useState } from 'react';
import { Admin, AdminContext, CustomRoutes, memoryStore, Notification, type RaThemeOptions, Resource } from 'react-admin';
import { Route, useLocation } from 'react-router-dom';
import { useThemeMode } from '../theme/theme';
import { AdminLayout } from './AdminLayout';
import { authProvider } from './authProvider';
import conferences from './conferences';
import { createDataProvider } from './dataProvider';
import entryPayments from './entryPayments';
import games from './games';
import imports from './imports';
import { ImportPage } from './imports/ImportPage';
import { InvitationsPage } from './invitations/InvitationsPage';
import { MissingPicksPage } from './missingPicks/MissingPicksPage';
import { NotificationsPage } from './notifications/NotificationsPage';
import { AdminOverview } from './overview/AdminOverview';
import picks from './picks';
import { SeasonResultsPage } from './results/SeasonResultsPage';
import { WeeklyResultsPage } from './results/WeeklyResultsPage';
import seasons from './seasons';
import securityEvents from './securityEvents';
import { survivorContests, survivorEntries, survivorPickAudits, survivorPicks } from './survivor';
import teams from './teams';
import users from './users';
import weeks from './weeks';

const dataProvider = createDataProvider();

/**
 * The admin console (docs/product.md#screens), its own lazy chunk: react-admin mounted at /admin inside the app's router, sharing
 * the app's session (authProvider), API client (dataProvider over apiFetch) and light/dark theme. /invites is the
 * same console's invitations screen, outside /admin as the spec routes it.
 */
export default function AdminApp() {
  const { theme } = useThemeMode();
  const { pathname } = useLocation();
  // List filters and sorting last while the console is open; a new visit starts from the defaults.
  const [store] = useState(() => memoryStore());
  const shared = { dataProvider, authProvider, store, theme: theme as RaThemeOptions, basename: '/admin' };

  if (pathname === '/invites' || pathname.startsWith('/invites/')) {
    return (
      <AdminContext {...shared}>
        <AdminLayout>
          <InvitationsPage />
        </AdminLayout>
        <Notification />
      </AdminContext>
    );
  }

  return (
    <Admin {...shared} layout={AdminLayout} dashboard={AdminOverview} loginPage={false} disableTelemetry title="Admin">
      <Resource name="users" {...users} />
      <Resource name="conferences" {...conferences} />
      <Resource name="teams" {...teams} />
      <Resource name="seasons" {...seasons} options={{ label: 'Seasons' }} />
      <Resource name="weeks" {...weeks} />
      <Resource name="games" {...games} />
      <Resource name="picks" {...picks} />
      <Resource name="invitations" />
      <Resource name="imports" {...imports} options={{ label: 'Import History' }} />
      <Resource name="security_events" {...securityEvents} options={{ label: 'Security Log' }} />
      <Resource name="entry_payments" {...entryPayments} options={{ label: 'Entry Fees' }} />
      <Resource name="survivor_contests" {...survivorContests} options={{ label: 'Survivor' }} />
      <Resource name="survivor_entries" {...survivorEntries} />
      <Resource name="survivor_picks" {...survivorPicks} />
      <Resource name="survivor_pick_audits" {...survivorPickAudits} />
      <CustomRoutes>
        <Route path="/notifications" element={<NotificationsPage />} />
        <Route path="/weekly-results" element={<WeeklyResultsPage />} />
        <Route path="/season-results" element={<SeasonResultsPage />} />
        <Route path="/missing-picks" element={<MissingPicksPage />} />
        <Route path="/import" element={<ImportPage />} />
      </CustomRoutes>
    </Admin>
  );
}
