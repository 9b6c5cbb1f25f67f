import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { keys, SEASON_WEEKS_STALE_MS } from './member';
import type { ActiveSession, Passkey, Profile, Team } from './types';

/* The profile page's reads, apart from api/member.ts: the top bar reads from there, so what is there loads with every page. */

export const useMe = (userId: number | undefined) => useQuery({ queryKey: keys.me(userId), queryFn: () => api<Profile>('/me') });

export const useTeams = () => useQuery({ queryKey: keys.teams, queryFn: () => api<Team[]>('/teams'), staleTime: SEASON_WEEKS_STALE_MS });

/** The member's signed-in sessions, this one marked `current`. */
export const useActiveSessions = (userId: number | undefined) =>
  useQuery({
    queryKey: keys.sessions(userId),
    queryFn: () => api<ActiveSession[]>('/me/sessions'),
    enabled: userId !== undefined,
  });

/** The member's passkeys (docs/decisions.md, "Passkeys"). */
export const usePasskeys = (userId: number | undefined) =>
  useQuery({ queryKey: keys.passkeys(userId), queryFn: () => api<Passkey[]>('/me/passkeys'), enabled: userId !== undefined });
