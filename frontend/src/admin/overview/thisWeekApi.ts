import type { Game, MissingPicks, ResultsStatus, SendResult, WeeklySendStatus } from '../../api/types';
import type { components } from '../../api/schema';
import { call, httpClient } from '../dataProvider/httpClient';

/** The reads of the "This week" checklist (docs/admin-console.md#this-week). */

export type { ResultsStatus, WeeklySendStatus } from '../../api/types';
/** GET /seasons/{id}/pot. */
export type SeasonPot = components['schemas']['PotDto'];

/** The week's latest score sync: a row of GET /imports (kind scores); its summary is the sync's report. */
export interface ScoreSyncRun {
  id: number;
  status: string;
  created_at: string;
  applied_at: string | null;
  summary: unknown;
}

const q = encodeURIComponent;
const listQuery = (filter: object, perPage: number) => `filter=${q(JSON.stringify(filter))}&range=${q(JSON.stringify([0, perPage - 1]))}`;

export const thisWeekApi = {
  /** Every game of the week (a week has at most a few dozen). */
  games: (weekId: string) => call<Game[]>(`/games?${listQuery({ week_id: Number(weekId) }, 200)}`),
  notificationStatus: (weekId: string) => call<WeeklySendStatus>(`/weekly_notifications/status?week_id=${q(weekId)}`),
  resultsStatus: (weekId: string) => call<ResultsStatus>(`/weekly_results/status?week_id=${q(weekId)}`),
  missingPicks: (weekId: string) => call<MissingPicks[]>(`/weeks/${q(weekId)}/missing_picks`),
  remind: (weekId: string) => call<SendResult>(`/weeks/${q(weekId)}/missing_picks/remind`, 'POST'),
  /** The latest score sync of the week, or null (the list's default order is newest first). */
  lastScoreSync: async (weekId: string) => (await call<ScoreSyncRun[]>(`/imports?${listQuery({ kind: 'scores', week_id: Number(weekId) }, 1)}`))[0] ?? null,
  /** How many users have a role (the list's total, one record asked for). */
  countOfRole: async (role: 'user' | 'admin') => {
    const { headers } = await httpClient(`/api/users?${listQuery({ role }, 1)}`);
    return Number(/\/(\d+)$/.exec(headers.get('Content-Range') ?? '')?.[1] ?? 0);
  },
  pot: (seasonId: string) => call<SeasonPot>(`/seasons/${q(seasonId)}/pot`),
};
