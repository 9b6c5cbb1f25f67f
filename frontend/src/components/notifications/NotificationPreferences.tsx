import { Alert, Box, Paper, Stack, Switch, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { api } from '../../api/client';
import { failureText } from '../../api/failure';
import type { NotificationPreferences as Preferences } from '../../api/types';

type Kind = keyof Preferences;
type Channel = keyof Preferences[Kind];

/** The section's texts (docs/member-pages.md#notification-preferences). */
export const NOTIFICATION_TEXTS = {
  title: 'Notifications',
  intro: 'Choose what the pool tells you, and how. Push reaches the devices where you turned push notifications on.',
  email: 'E-mail',
  push: 'Push',
  pushOnly: 'No e-mail for this one: push only.',
  loading: 'Loading your notification choices…',
  loadFailed: 'Failed to load your notification choices',
  saveFailed: 'Failed to save your choice',
} as const;

/** Every kind, in the order a member meets them in a week. */
export const NOTIFICATION_KINDS: { kind: Kind; label: string; hint: string }[] = [
  { kind: 'weekly_email', label: 'Weekly e-mail', hint: "The week's games, your rank and the picks you still have to make" },
  { kind: 'reminders', label: 'Pick reminders', hint: 'Before a deadline, when you still have games to pick' },
  { kind: 'picks_sheet', label: 'Picks sheet', hint: "Everyone's picks, once the week is locked" },
  { kind: 'game_finals', label: 'Game finals', hint: 'The final score of a game you picked' },
  { kind: 'weekly_results', label: 'Weekly results', hint: 'Your result and rank once the week is scored' },
  { kind: 'pick_overrides', label: 'Pick changes', hint: 'When an admin changes one of your picks' },
];

/** The kinds that have no e-mail (the server refuses to turn it on). */
const PUSH_ONLY: ReadonlySet<Kind> = new Set(['game_finals', 'weekly_results']);
const CHANNELS: Channel[] = ['email', 'push'];
export const channelLabel = (label: string, channel: Channel) => `${label} by ${channel === 'email' ? 'e-mail' : 'push'}`;

const preferencesKey = (userId: number) => ['me', userId, 'notification_preferences'] as const;
export const NOTIFICATIONS_ANCHOR = 'notifications';

/**
 * The member's notification choices on /profile (`#notifications`, where the e-mails' "Manage e-mails" link leads):
 * a row per kind with an E-mail and a Push switch. A switch flips at once and is saved with PATCH; when the server
 * refuses, it flips back and the error shows.
 */
export function NotificationPreferences({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const key = preferencesKey(userId);
  const preferences = useQuery({ queryKey: key, queryFn: () => api<Preferences>('/me/notification_preferences') });
  const [error, setError] = useState<string | null>(null);
  /** Saves under way: only the last one's answer replaces what is shown, so quick taps never flicker back. */
  const pending = useRef(0);
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  const loaded = preferences.data !== undefined;

  useEffect(() => {
    // The profile loads after the page opens, so the browser's own jump to #notifications found nothing yet.
    if (loaded && hash === `#${NOTIFICATIONS_ANCHOR}`) section.current?.scrollIntoView();
  }, [loaded, hash]);

  const save = async (kind: Kind, channel: Channel, value: boolean) => {
    const before = queryClient.getQueryData<Preferences>(key);
    if (!before) return;
    setError(null);
    queryClient.setQueryData<Preferences>(key, { ...before, [kind]: { ...before[kind], [channel]: value } });
    pending.current += 1;
    try {
      const answer = await api<Preferences>('/me/notification_preferences', { method: 'PATCH', body: { [kind]: { [channel]: value } } });
      if (pending.current === 1) queryClient.setQueryData(key, answer);
    } catch (failure) {
      const now = queryClient.getQueryData<Preferences>(key);
      if (now) queryClient.setQueryData<Preferences>(key, { ...now, [kind]: { ...now[kind], [channel]: before[kind][channel] } });
      setError(failureText(failure, NOTIFICATION_TEXTS.saveFailed));
    } finally {
      pending.current -= 1;
    }
  };

  return (
    <Paper ref={section} id={NOTIFICATIONS_ANCHOR} variant="outlined" component="section" aria-labelledby="notifications-title" sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 72 }}>
      <Typography id="notifications-title" variant="h6" component="h2" gutterBottom>
        {NOTIFICATION_TEXTS.title}
      </Typography>
      <Stack spacing={2}>
        <Typography color="text.secondary">{NOTIFICATION_TEXTS.intro}</Typography>
        <Box role="status" aria-live="polite">
          {error && <Alert severity="error">{error}</Alert>}
        </Box>
        {preferences.isError && <Alert severity="error">{NOTIFICATION_TEXTS.loadFailed}</Alert>}
        {preferences.isPending && <Typography color="text.secondary">{NOTIFICATION_TEXTS.loading}</Typography>}
        {preferences.data && (
          <Box>
            <Box aria-hidden sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5, pb: 0.5 }}>
              {CHANNELS.map((channel) => (
                <Typography key={channel} variant="caption" color="text.secondary" sx={{ width: 58, textAlign: 'center', fontWeight: 700 }}>
                  {NOTIFICATION_TEXTS[channel]}
                </Typography>
              ))}
            </Box>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {NOTIFICATION_KINDS.map(({ kind, label, hint }) => (
              <Box component="li" key={kind} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, py: 1, borderTop: 1, borderColor: 'divider' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {PUSH_ONLY.has(kind) ? `${hint}. ${NOTIFICATION_TEXTS.pushOnly}` : hint}
                  </Typography>
                </Box>
                {CHANNELS.map((channel) => (
                  <Box key={channel} sx={{ width: 58, display: 'flex', justifyContent: 'center', flexShrink: 0 }}>
                    <Switch
                      checked={preferences.data[kind][channel]}
                      disabled={channel === 'email' && PUSH_ONLY.has(kind)}
                      onChange={(event) => void save(kind, channel, event.target.checked)}
                      slotProps={{ input: { 'aria-label': channelLabel(label, channel) } }}
                    />
                  </Box>
                ))}
              </Box>
            ))}
            </Box>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
