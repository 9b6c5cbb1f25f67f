import { Alert, Box, Button, Checkbox, FormControlLabel, FormGroup, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { failureText } from '../../api/failure';
import { PUSH_KINDS, type PushKind, pushOffer, type PushSupport } from '../../pwa/push';
import { disablePush, enablePush, PushOptInError } from '../../pwa/pushSubscription';

export const PUSH_TEXTS = {
  title: 'Notifications on this device',
  intro: 'Get a tap on the shoulder before the deadline, and news of your picks, without opening the app.',
  legend: 'Notify me about',
  kinds: {
    reminders: 'Pick reminders before the deadline',
    picks_sheet: 'Picks locked: the week’s pick sheet',
    game_finals: 'Final scores of games I picked',
    weekly_results: 'The week’s results and my rank',
    pick_overrides: 'An admin changed one of my picks',
  } satisfies Record<PushKind, string>,
  turnOn: 'Turn on notifications',
  turningOn: 'Turning on…',
  notNow: 'Not now',
  on: 'Notifications are on for this device.',
  turnOff: 'Turn off on this device',
  off: 'Notifications are off for this device.',
  iosInstall:
    'On an iPhone or iPad, notifications work once the pool is on your Home Screen: tap Share (the square with an arrow), then “Add to Home Screen”, and open the pool from that icon.',
  unsupported: 'This browser can’t show notifications from the pool. E-mails still arrive as before.',
  denied: 'Notifications are blocked for this site. Allow them in your browser’s site settings to turn them on here.',
  failed: 'Notifications could not be turned on. Please try again.',
};

/** Ticked when the offer opens: all but every game's final score, which some find too many. */
const DEFAULT_KINDS: PushKind[] = ['reminders', 'picks_sheet', 'weekly_results', 'pick_overrides'];

/** Where the offer shows (PushOptIn.tsx re-exports it: the type lives here so neither file imports the other back). */
export type PushOptInPlacement = 'dashboard' | 'profile';

interface Props {
  placement: PushOptInPlacement;
  support: PushSupport;
  subscribed: boolean;
  onSubscribedChange: (subscribed: boolean) => void;
}

/** The opt-in itself: which kinds, then the browser's permission, the subscription and the preferences. */
export default function PushOptInPanel({ placement, support, subscribed, onSubscribedChange }: Props) {
  const headingId = useId();
  const [kinds, setKinds] = useState<Set<PushKind>>(() => new Set(DEFAULT_KINDS));
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const onDashboard = placement === 'dashboard';

  const toggle = (kind: PushKind) =>
    setKinds((previous) => {
      const next = new Set(previous);
      if (next.has(kind)) next.delete(kind);
      else next.add(kind);
      return next;
    });

  const queryClient = useQueryClient();
  const enable = useMutation({
    mutationFn: enablePush,
    onSuccess: () => {
      // The profile's notification choices show the push switches just turned on.
      void queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey.includes('notification_preferences') });
      setDone(PUSH_TEXTS.on);
      onSubscribedChange(true);
      if (onDashboard) pushOffer.dismiss();
    },
    onError: (failure) => setError(failure instanceof PushOptInError ? failure.message : failureText(failure, PUSH_TEXTS.failed)),
  });
  const disable = useMutation({
    mutationFn: disablePush,
    onSuccess: () => {
      setDone(PUSH_TEXTS.off);
      onSubscribedChange(false);
    },
    onError: (failure) => setError(failureText(failure, PUSH_TEXTS.failed)),
  });
  const busy = enable.isPending || disable.isPending;

  const turnOn = () => {
    setError(null);
    enable.mutate(kinds);
  };
  const turnOff = () => {
    setError(null);
    disable.mutate();
  };

  const notNow = onDashboard && (
    <Button onClick={() => pushOffer.dismiss()} disabled={busy}>
      {PUSH_TEXTS.notNow}
    </Button>
  );

  let body;
  if (support === 'ios-install') body = <Typography>{PUSH_TEXTS.iosInstall}</Typography>;
  else if (support === 'unsupported') body = <Typography color="text.secondary">{PUSH_TEXTS.unsupported}</Typography>;
  else if (support === 'denied') body = <Typography color="text.secondary">{PUSH_TEXTS.denied}</Typography>;
  else if (subscribed)
    body = (
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography>{done ?? PUSH_TEXTS.on}</Typography>
        {!onDashboard && (
          <Button variant="outlined" onClick={turnOff} disabled={busy}>
            {PUSH_TEXTS.turnOff}
          </Button>
        )}
      </Stack>
    );
  else
    body = (
      <Stack spacing={1.5}>
        <Typography color="text.secondary">{PUSH_TEXTS.intro}</Typography>
        {done && <Typography>{done}</Typography>}
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
            {PUSH_TEXTS.legend}
          </Typography>
          <FormGroup>
            {PUSH_KINDS.map((kind) => (
              <FormControlLabel
                key={kind}
                control={<Checkbox checked={kinds.has(kind)} onChange={() => toggle(kind)} disabled={busy} />}
                label={PUSH_TEXTS.kinds[kind]}
              />
            ))}
          </FormGroup>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" onClick={turnOn} disabled={busy || kinds.size === 0}>
            {busy ? PUSH_TEXTS.turningOn : PUSH_TEXTS.turnOn}
          </Button>
          {notNow}
        </Box>
      </Stack>
    );

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, ...(onDashboard ? { mt: 2 } : {}) }}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {PUSH_TEXTS.title}
      </Typography>
      <Stack spacing={1.5}>
        {body}
        {support !== 'available' && notNow && <Box>{notNow}</Box>}
        <Box role="status" aria-live="polite">
          {error && <Alert severity="error">{error}</Alert>}
        </Box>
      </Stack>
    </Paper>
  );
}
