import { Alert, Container, Stack, Typography } from '@mui/material';
import { useMe } from '../api/profile';
import { CalendarCard } from '../components/CalendarCard';
import { NotificationPreferences } from '../components/notifications/NotificationPreferences';
import { PushOptIn } from '../components/notifications/PushOptIn';
import { useSession } from '../session/session';
import { AccountInformationCard } from './profile/AccountInformationCard';
import { ActiveSessionsCard } from './profile/ActiveSessionsCard';
import { ChangePasswordCard } from './profile/ChangePasswordCard';
import { PasskeysCard } from './profile/PasskeysCard';
import { PersonalInformationCard } from './profile/PersonalInformationCard';
import { SecondFactorCard } from './profile/SecondFactorCard';

/**
 * `/profile` (docs/product.md#screens): personal information, password change, the read-only account information,
 * the passkeys, the deadline calendar (docs/saturday.md#deadline-calendar) and the active sessions (docs/decisions.md, "Sessions").
 */
export default function ProfilePage() {
  const { user } = useSession();
  const me = useMe(user?.id);
  const profile = me.data ?? null;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2, fontSize: 'clamp(1.4rem, 5vw, 2.1rem)' }}>
        Profile Settings
      </Typography>
      {me.isError && <Alert severity="error">Failed to load your profile</Alert>}
      {!profile && me.isPending && <Typography color="text.secondary">Loading your profile…</Typography>}
      {profile && (
        <Stack spacing={2}>
          <PersonalInformationCard key={profile.id} profile={profile} />
          <ChangePasswordCard userId={profile.id} />
          <PasskeysCard userId={profile.id} />
          {profile.role === 'admin' && <SecondFactorCard />}
          <AccountInformationCard profile={profile} />
          <CalendarCard userId={profile.id} />
          <NotificationPreferences userId={profile.id} />
          <PushOptIn placement="profile" />
          <ActiveSessionsCard userId={profile.id} />
        </Stack>
      )}
    </Container>
  );
}
