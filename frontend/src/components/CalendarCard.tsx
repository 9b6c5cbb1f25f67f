import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { failureText } from '../api/failure';
import type { CalendarFeed } from '../api/types';
import { TextInput } from './form/TextInput';

type CalendarMode = CalendarFeed['mode'];

/** The card's texts (docs/saturday.md#deadline-calendar). */
export const CALENDAR_TEXTS = {
  title: 'Deadline calendar',
  intro: 'Subscribe to your pick deadlines in your calendar app; it picks up moved kickoffs by itself. Keep the link to yourself.',
  link: 'Calendar link',
  copy: 'Copy',
  copyLabel: 'Copy the calendar link',
  copied: 'Link copied.',
  copyFailed: 'Could not copy: select the link and copy it yourself.',
  google: 'Add to Google Calendar',
  apple: 'Add to Apple Calendar',
  events: 'Events',
  games: 'One event per game deadline',
  weeks: 'One event per week (first deadline)',
  saved: 'Calendar updated.',
  saveFailed: 'Failed to update your calendar',
  rotate: 'Get a new link',
  rotateTitle: 'Get a new calendar link?',
  rotateExplained:
    'Your current link stops working at once: calendars subscribed to it stop showing your deadlines. Add the new link to your calendar again afterwards.',
  cancel: 'Cancel',
  rotated: 'New link ready. Add it to your calendar again.',
  rotateFailed: 'Failed to get a new link',
  loading: 'Loading your calendar link…',
  loadFailed: 'Failed to load your calendar link',
} as const;

const MODES: { value: CalendarMode; label: string }[] = [
  { value: 'games', label: CALENDAR_TEXTS.games },
  { value: 'weeks', label: CALENDAR_TEXTS.weeks },
];

type Result = { severity: 'success' | 'error'; message: string } | null;

/** A change of the feed: the call that answers with the changed feed, and what the card says when it lands or fails. */
interface FeedChange {
  request: () => Promise<CalendarFeed>;
  success: string;
  failure: string;
}

const calendarKey = (userId: number) => ['me', userId, 'calendar'] as const;

/**
 * The member's private deadline calendar on /profile: the feed's link to copy or add to Google or Apple Calendar,
 * one event per game or per week, and a new link (the old one stops working) for a link that got out.
 */
export function CalendarCard({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const feed = useQuery({ queryKey: calendarKey(userId), queryFn: () => api<CalendarFeed>('/me/calendar') });
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<Result>(null);

  const feedChange = useMutation({
    mutationFn: ({ request }: FeedChange) => request(),
    onSuccess: (changed, { success }) => {
      queryClient.setQueryData(calendarKey(userId), changed);
      setResult({ severity: 'success', message: success });
    },
    onError: (error, { failure }) => setResult({ severity: 'error', message: failureText(error, failure) }),
  });
  const busy = feedChange.isPending;

  const change = (request: () => Promise<CalendarFeed>, success: string, failure: string) => {
    setResult(null);
    feedChange.mutate({ request, success, failure });
  };

  const setMode = (mode: CalendarMode) =>
    change(() => api<CalendarFeed>('/me/calendar', { method: 'PATCH', body: { mode } }), CALENDAR_TEXTS.saved, CALENDAR_TEXTS.saveFailed);

  const rotate = () => {
    setConfirming(false);
    change(() => api<CalendarFeed>('/me/calendar/rotate', { method: 'POST' }), CALENDAR_TEXTS.rotated, CALENDAR_TEXTS.rotateFailed);
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setResult({ severity: 'success', message: CALENDAR_TEXTS.copied });
    } catch {
      setResult({ severity: 'error', message: CALENDAR_TEXTS.copyFailed });
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="deadline-calendar" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="deadline-calendar" variant="h6" component="h2" gutterBottom>
        {CALENDAR_TEXTS.title}
      </Typography>
      <Stack spacing={2}>
        <Typography color="text.secondary">{CALENDAR_TEXTS.intro}</Typography>
        <Box role="status" aria-live="polite">
          {result && <Alert severity={result.severity}>{result.message}</Alert>}
        </Box>
        {feed.isError && <Alert severity="error">{CALENDAR_TEXTS.loadFailed}</Alert>}
        {feed.isPending && <Typography color="text.secondary">{CALENDAR_TEXTS.loading}</Typography>}
        {feed.data && (
          <>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-end', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
              <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
                <TextInput label={CALENDAR_TEXTS.link} value={feed.data.url} readOnly spellCheck={false} onFocus={(event) => event.currentTarget.select()} />
              </Box>
              <Button variant="outlined" onClick={() => void copy(feed.data.url)} aria-label={CALENDAR_TEXTS.copyLabel} sx={{ minHeight: 44 }}>
                {CALENDAR_TEXTS.copy}
              </Button>
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button variant="contained" href={feed.data.google_url} target="_blank" rel="noopener noreferrer" sx={{ minHeight: 44 }}>
                {CALENDAR_TEXTS.google}
              </Button>
              <Button variant="contained" href={feed.data.webcal_url} sx={{ minHeight: 44 }}>
                {CALENDAR_TEXTS.apple}
              </Button>
            </Box>
            <FormControl disabled={busy}>
              <FormLabel id="calendar-events">{CALENDAR_TEXTS.events}</FormLabel>
              <RadioGroup aria-labelledby="calendar-events" value={feed.data.mode} onChange={(event) => setMode(event.target.value as CalendarMode)}>
                {MODES.map((mode) => (
                  <FormControlLabel key={mode.value} value={mode.value} control={<Radio />} label={mode.label} />
                ))}
              </RadioGroup>
            </FormControl>
            <Box>
              <Button variant="outlined" color="warning" disabled={busy} onClick={() => setConfirming(true)} sx={{ minHeight: 44 }}>
                {CALENDAR_TEXTS.rotate}
              </Button>
            </Box>
          </>
        )}
      </Stack>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="calendar-rotate-title" aria-describedby="calendar-rotate-text">
        <DialogTitle id="calendar-rotate-title">{CALENDAR_TEXTS.rotateTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText id="calendar-rotate-text">{CALENDAR_TEXTS.rotateExplained}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{CALENDAR_TEXTS.cancel}</Button>
          <Button color="warning" variant="contained" onClick={rotate}>
            {CALENDAR_TEXTS.rotate}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
