import { Alert, Box, Button, Chip, Container, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, ApiError, errorText } from '../api/client';
import { keys, useActiveSessions, useMe, useTeams } from '../api/member';
import type { ActiveSession, PasswordChanged, Profile } from '../api/types';
import { formatDateTime } from '../format';
import { CalendarCard } from '../components/CalendarCard';
import { NotificationPreferences } from '../components/notifications/NotificationPreferences';
import { PushOptIn } from '../components/notifications/PushOptIn';
import { SelectInput } from '../components/form/SelectInput';
import { TextInput } from '../components/form/TextInput';
import { session, useSession } from '../session/session';

/** docs/product.md#validation, #errors, verbatim. */
export const PROFILE_TEXTS = {
  profileSaved: 'Profile updated successfully!',
  profileFailed: 'Failed to update profile',
  passwordSaved: 'Password updated successfully!',
  passwordFailed: 'Failed to update password',
  mismatch: 'New password and confirmation do not match',
} as const;

/** The Active sessions card (not in the product's texts: docs/decisions.md, "Sessions"). */
export const SESSIONS_TEXTS = {
  title: 'Active sessions',
  intro: 'Where your account is signed in. Log out any device you do not recognise or no longer use.',
  thisDevice: 'This device',
  logOut: 'Log out',
  everywhere: 'Log out everywhere',
  ended: 'That session was logged out.',
  endFailed: 'Failed to log out that session',
  everywhereFailed: 'Failed to log out everywhere',
  loading: 'Loading your sessions…',
  loadFailed: 'Failed to load your sessions',
} as const;

/** Profile errors: every server error joined with ", ", else the fallback (docs/product.md#errors). */
const allErrors = (failure: unknown, fallback: string) => (failure instanceof ApiError && failure.errors.length ? failure.errors.join(', ') : fallback);

type Result = { severity: 'success' | 'error'; message: string } | null;

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function PersonalInformation({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const teams = useTeams();
  const [form, setForm] = useState({
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    date_of_birth: profile.date_of_birth ?? '',
    phone: profile.phone ?? '',
    favorite_team_id: profile.favorite_team_id ? String(profile.favorite_team_id) : '',
  });
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const set = (name: keyof typeof form) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const updated = await api<Profile>('/me/profile', {
        method: 'PATCH',
        body: {
          first_name: form.first_name.trim() || null,
          last_name: form.last_name.trim() || null,
          date_of_birth: form.date_of_birth || null,
          phone: form.phone.trim() || null,
          favorite_team_id: form.favorite_team_id ? Number(form.favorite_team_id) : null,
        },
      });
      queryClient.setQueryData(keys.me(updated.id), updated);
      const current = session.user();
      if (current) session.setUser({ ...current, ...updated });
      setResult({ severity: 'success', message: PROFILE_TEXTS.profileSaved });
    } catch (failure) {
      setResult({ severity: 'error', message: allErrors(failure, PROFILE_TEXTS.profileFailed) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card id="personal-information" title="Personal Information">
      <Box component="form" onSubmit={submit}>
        <Stack spacing={2}>
          {result && <Alert severity={result.severity}>{result.message}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextInput label="First Name" autoComplete="given-name" value={form.first_name} onChange={set('first_name')} />
            <TextInput label="Last Name" autoComplete="family-name" value={form.last_name} onChange={set('last_name')} />
            <TextInput label="Date of Birth" type="date" autoComplete="bday" value={form.date_of_birth} onChange={set('date_of_birth')} />
            <TextInput label="Phone" type="tel" autoComplete="tel" value={form.phone} onChange={set('phone')} />
          </Box>
          <SelectInput label="Favorite Team" value={form.favorite_team_id} onChange={(value) => setForm((current) => ({ ...current, favorite_team_id: value }))}>
            <option value="">No favorite team</option>
            {teams.data?.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </SelectInput>
          {teams.isError && <Alert severity="error">Failed to load teams</Alert>}
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? 'Updating...' : 'Update Profile'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Card>
  );
}

function ChangePassword({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const empty = { current_password: '', new_password: '', password_confirmation: '' };
  const [form, setForm] = useState(empty);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const set = (name: keyof typeof form) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.new_password !== form.password_confirmation) return setResult({ severity: 'error', message: PROFILE_TEXTS.mismatch });
    setBusy(true);
    setResult(null);
    try {
      const { message, token } = await api<PasswordChanged>('/me/password', { method: 'PATCH', body: form });
      // The server ended every other session; this one goes on with the fresh token.
      session.setToken(token);
      void queryClient.invalidateQueries({ queryKey: keys.sessions(userId) });
      setForm(empty);
      setResult({ severity: 'success', message: message || PROFILE_TEXTS.passwordSaved });
    } catch (failure) {
      setResult({ severity: 'error', message: allErrors(failure, PROFILE_TEXTS.passwordFailed) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card id="change-password" title="Change Password">
      <Box component="form" onSubmit={submit}>
        <Stack spacing={2}>
          {result && <Alert severity={result.severity}>{result.message}</Alert>}
          <TextInput label="Current Password" type="password" autoComplete="current-password" required value={form.current_password} onChange={set('current_password')} />
          <TextInput label="New Password" type="password" autoComplete="new-password" required value={form.new_password} onChange={set('new_password')} />
          <TextInput
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            required
            value={form.password_confirmation}
            onChange={set('password_confirmation')}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? 'Updating...' : 'Change Password'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Card>
  );
}

function SessionItem({ item, busy, onEnd }: { item: ActiveSession; busy: boolean; onEnd: () => void }) {
  const details = [`Signed in ${formatDateTime(item.created_at)}`, `last active ${formatDateTime(item.last_seen_at)}`, ...(item.ip ? [`from ${item.ip}`] : [])];
  return (
    <Box
      component="li"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Typography component="p" sx={{ fontWeight: 600, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          {item.user_agent}
          {item.current && <Chip size="small" color="primary" label={SESSIONS_TEXTS.thisDevice} />}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {details.join(', ')}
        </Typography>
      </Box>
      {!item.current && (
        <Button variant="outlined" size="small" disabled={busy} onClick={onEnd} aria-label={`${SESSIONS_TEXTS.logOut} ${item.user_agent}, ${details[1]}`} sx={{ minHeight: 44 }}>
          {SESSIONS_TEXTS.logOut}
        </Button>
      )}
    </Box>
  );
}

/** The member's signed-in sessions: end any other one, or all of them (this one too, back to the login page). */
function ActiveSessions({ userId }: { userId: number }) {
  const sessions = useActiveSessions(userId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [result, setResult] = useState<Result>(null);

  const end = async (id: string) => {
    setBusy(id);
    setResult(null);
    try {
      await api<void>(`/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
      queryClient.setQueryData<ActiveSession[]>(keys.sessions(userId), (list) => list?.filter((item) => item.id !== id));
      setResult({ severity: 'success', message: SESSIONS_TEXTS.ended });
    } catch (failure) {
      setResult({ severity: 'error', message: errorText(failure, SESSIONS_TEXTS.endFailed) });
    } finally {
      setBusy(null);
    }
  };

  const everywhere = async () => {
    setBusy('everywhere');
    setResult(null);
    try {
      await api<void>('/logout_everywhere', { method: 'POST' });
    } catch (failure) {
      // Not ended on the server: staying signed in here says so, where a local logout would hide it.
      setResult({ severity: 'error', message: errorText(failure, SESSIONS_TEXTS.everywhereFailed) });
      setBusy(null);
      return;
    }
    session.clear();
    navigate('/login');
  };

  return (
    <Card id="active-sessions" title={SESSIONS_TEXTS.title}>
      <Stack spacing={1.5}>
        <Typography color="text.secondary">{SESSIONS_TEXTS.intro}</Typography>
        <Box role="status" aria-live="polite">
          {result && <Alert severity={result.severity}>{result.message}</Alert>}
        </Box>
        {sessions.isError && <Alert severity="error">{SESSIONS_TEXTS.loadFailed}</Alert>}
        {sessions.isPending && <Typography color="text.secondary">{SESSIONS_TEXTS.loading}</Typography>}
        {sessions.data && (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {sessions.data.map((item) => (
              <SessionItem key={item.id} item={item} busy={busy !== null} onEnd={() => void end(item.id)} />
            ))}
          </Box>
        )}
        <Box>
          <Button variant="contained" color="error" disabled={busy !== null} onClick={() => void everywhere()} sx={{ minHeight: 44 }}>
            {SESSIONS_TEXTS.everywhere}
          </Button>
        </Box>
      </Stack>
    </Card>
  );
}

function AccountInformation({ profile }: { profile: Profile }) {
  const rows: [string, string][] = [
    ['Email', profile.email],
    ['Display Name', profile.name],
    ['Account Type', profile.role === 'admin' ? 'Admin' : 'Member'],
    ...(profile.favorite_team ? [['Favorite Team', profile.favorite_team.name] as [string, string]] : []),
  ];
  return (
    <Card id="account-information" title="Account Information">
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
        {rows.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Card>
  );
}

/**
 * `/profile` (docs/product.md#screens): personal information, password change, the read-only account information,
 * the deadline calendar (docs/saturday.md#deadline-calendar) and the active sessions (docs/decisions.md, "Sessions").
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
          <PersonalInformation key={profile.id} profile={profile} />
          <ChangePassword userId={profile.id} />
          <AccountInformation profile={profile} />
          <CalendarCard userId={profile.id} />
          <NotificationPreferences userId={profile.id} />
          <PushOptIn placement="profile" />
          <ActiveSessions userId={profile.id} />
        </Stack>
      )}
    </Container>
  );
}
