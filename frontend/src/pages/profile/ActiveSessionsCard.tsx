import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { failureText } from '../../api/failure';
import { keys } from '../../api/member';
import { useActiveSessions } from '../../api/profile';
import type { ActiveSession } from '../../api/types';
import { session } from '../../session/session';
import { ActiveSessionItem } from './ActiveSessionItem';
import { type CardResult, ProfileCard } from './ProfileCard';
import { SESSIONS_TEXTS } from './sessionsTexts';

/** The member's signed-in sessions: end any other one, or all of them (this one too, back to the login page). */
export function ActiveSessionsCard({ userId }: { userId: number }) {
  const sessions = useActiveSessions(userId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [result, setResult] = useState<CardResult>(null);

  const end = useMutation({
    mutationFn: (id: string) => api<void>(`/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<ActiveSession[]>(keys.sessions(userId), (list) => list?.filter((item) => item.id !== id));
      setResult({ severity: 'success', message: SESSIONS_TEXTS.ended });
    },
    onError: (failure) => setResult({ severity: 'error', message: failureText(failure, SESSIONS_TEXTS.endFailed) }),
  });

  const everywhere = useMutation({
    mutationFn: () => api<void>('/logout_everywhere', { method: 'POST' }),
    onSuccess: () => {
      session.clear();
      navigate('/login');
    },
    // Not ended on the server: staying signed in here says so, where a local logout would hide it.
    onError: (failure) => setResult({ severity: 'error', message: failureText(failure, SESSIONS_TEXTS.everywhereFailed) }),
  });

  // Once every session has ended the page is on its way to /login: the buttons stay off until it gets there.
  const busy = end.isPending || everywhere.isPending || everywhere.isSuccess;
  const start = (action: () => void) => {
    setResult(null);
    action();
  };

  return (
    <ProfileCard id="active-sessions" title={SESSIONS_TEXTS.title}>
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
              <ActiveSessionItem key={item.id} item={item} busy={busy} onEnd={() => start(() => end.mutate(item.id))} />
            ))}
          </Box>
        )}
        <Box>
          <Button variant="contained" color="error" disabled={busy} onClick={() => start(() => everywhere.mutate())} sx={{ minHeight: 44 }}>
            {SESSIONS_TEXTS.everywhere}
          </Button>
        </Box>
      </Stack>
    </ProfileCard>
  );
}
