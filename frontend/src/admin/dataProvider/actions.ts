import type { Identifier, RaRecord } from 'react-admin';
import type {
  BulkInvitationResult,
  Delivery,
  Game,
  MarkPaidResult,
  MissingPicks,
  NotificationPreview,
  NotificationValidation,
  PickGrid,
  PickHistoryEntryDto,
  Pot,
  ResultsStatus,
  Season,
  SeasonCalculation,
  SendResult,
  Standings,
  WeekCalculation,
  WeekResponse,
  WeeklyResult,
  WeeklySendStatus,
} from '../../api/types';
import type { components } from '../../api/schema';
import { RESULTS_TEXTS } from '../../components/results/leaderboard';
import type {
  ApplyRequest,
  ApplyResult,
  ImportPreview,
  ImportRequest,
  ProviderInfo,
  ProviderName,
  ScoreSyncReport,
  TeamMapping,
  WeeksImportResult,
} from '../imports/importTypes';
import { call, failureStatus, failWith, httpClient } from './httpClient';

export type { BulkInvitationResult, MarkPaidResult, MissingPicks, NotificationPreview, NotificationValidation, PickGrid, Pot, ResultsStatus, SendResult, WeekCalculation, WeeklyResult, WeeklySendStatus };
export type { PickValue, SeasonStanding } from '../../api/types';

/** The admin's records: the API's answers with react-admin's id. */
export type SeasonRecord = Season & RaRecord;
export type WeekRecord = WeekResponse & RaRecord;
export type GameRecord = Game & RaRecord;
export type TeamRef = Game['home_team'];
export type PickHistoryEntry = PickHistoryEntryDto;
/** The week's latest score sync: a row of GET /imports (kind scores); its summary is the sync's report. */
export interface ScoreSyncRun {
  id: number;
  status: string;
  created_at: string;
  applied_at: string | null;
  summary: unknown;
}
/** POST /teams/import's answer: how many teams the file created, updated and left alone. */
export type TeamsImportResult = components['schemas']['TeamsImportResultDto'];

/** The actions of the admin screens that are not lists and forms. */
export interface AdminActions {
  currentSeason(): Promise<SeasonRecord | null>;
  currentWeek(seasonId?: Identifier): Promise<WeekRecord | null>;
  makeCurrentSeason(id: Identifier): Promise<SeasonRecord>;
  pickHistory(id: Identifier): Promise<PickHistoryEntry[]>;
  resendInvitation(id: Identifier): Promise<RaRecord>;
  /** POST /invitations/bulk: invites the valid new addresses, reports the others with the reason. */
  bulkInvite(emails: string[]): Promise<BulkInvitationResult>;
  pickGrid(weekId: Identifier): Promise<PickGrid>;
  calculateWeek(weekId: Identifier, dryRun?: boolean): Promise<WeekCalculation>;
  weeklyResults(weekId: Identifier): Promise<WeeklyResult[]>;
  /** When and how the week's results were last calculated (automatically, or by which admin). */
  resultsStatus(weekId: Identifier): Promise<ResultsStatus>;
  calculateSeason(seasonId: Identifier): Promise<SeasonCalculation>;
  seasonStandings(seasonId: Identifier): Promise<Standings>;
  validateNotifications(weekId: Identifier): Promise<NotificationValidation>;
  previewNotifications(weekId: Identifier): Promise<NotificationPreview>;
  sendNotifications(weekId: Identifier): Promise<SendResult>;
  notificationDeliveries(weekId: Identifier): Promise<Delivery[]>;
  /** Whether the week's e-mail was sent already: each send with its counts. */
  notificationStatus(weekId: Identifier): Promise<WeeklySendStatus>;
  /** Every e-mail that failed for good, of any kind (invitations, resets, overrides, the week's e-mails). */
  failedDeliveries(): Promise<Delivery[]>;
  /** Queues a failed e-mail again. */
  retryDelivery(id: Identifier): Promise<Delivery>;
  missingPicks(weekId: Identifier): Promise<MissingPicks[]>;
  remindMissingPicks(weekId: Identifier): Promise<SendResult>;
  /** One member's nudge: the same reminder to that member alone. */
  remindMember(weekId: Identifier, userId: Identifier): Promise<SendResult>;
  /** PATCH /seasons/{id}/entry_payments: marks members paid or unpaid in one change (docs/pool-formats.md#entry-fees-and-payouts). */
  markPaid(seasonId: Identifier, userIds: Identifier[], paid: boolean): Promise<MarkPaidResult>;
  seasonPot(seasonId: Identifier): Promise<Pot>;

  // The "This week" checklist's reads (docs/admin-console.md#this-week), raw: each line says why it failed.
  /** Every game of the week (a week has at most a few dozen). */
  weekGames(weekId: Identifier): Promise<Game[]>;
  /** The week's latest score sync, or null. */
  lastScoreSync(weekId: Identifier): Promise<ScoreSyncRun | null>;
  /** How many users have a role (the list's total, one record asked for). */
  countOfRole(role: 'user' | 'admin'): Promise<number>;

  // The imports (docs/imports.md "The API"). Their failures stay raw: the screens read a provider's 502/504 and a
  // refused file's 422 themselves.
  /** The data providers and whether each is set up. */
  importProviders(): Promise<ProviderInfo[]>;
  /** POST /imports: what a week's import would change, kept for apply. */
  previewImport(body: ImportRequest): Promise<ImportPreview>;
  applyImport(importId: Identifier, body: ApplyRequest): Promise<ApplyResult>;
  /** POST /team_mappings: the provider's names remembered as the pool's teams. */
  mapTeams(provider: ProviderName, mappings: TeamMapping[]): Promise<{ mappings: unknown[] }>;
  syncScores(weekId: Identifier): Promise<ScoreSyncReport>;
  /** The season's weeks from CFBD's calendar. */
  importWeeks(seasonId: Identifier): Promise<WeeksImportResult>;
  /** POST /teams/import: a teams CSV file, read as text; a refused file answers 422 with every problem. */
  importTeams(csv: string): Promise<TeamsImportResult>;
  /** DELETE /users/{id}/second_factor: another admin's lost phone; their sessions end and they set one up again. */
  resetSecondFactor(userId: Identifier): Promise<void>;
}

/** A 404 means "there is none" for the current season or week. */
async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (failureStatus(error) === 404) return null;
    throw error;
  }
}

/** The admin's calls beyond lists and forms, with the screens' failure texts. */
export function createActions(): AdminActions {
  const id = encodeURIComponent;
  const listQuery = (filter: object, perPage: number) => `filter=${id(JSON.stringify(filter))}&range=${id(JSON.stringify([0, perPage - 1]))}`;
  return {
    currentSeason: () => orNull(call<SeasonRecord>('/football_seasons/current')),
    currentWeek: (seasonId) => orNull(call<WeekRecord>(`/weeks/current${seasonId ? `?football_season_id=${id(seasonId)}` : ''}`)),
    makeCurrentSeason: (seasonId) =>
      call<SeasonRecord>(`/football_seasons/${id(seasonId)}/make_current`, 'PATCH').catch((error) => failWith(error, 'Failed to set as current season')),
    pickHistory: (pickId) => call<PickHistoryEntry[]>(`/picks/${id(pickId)}/history`).catch((error) => failWith(error, 'Failed to load pick history')),
    resendInvitation: (invitationId) =>
      call<RaRecord>(`/invitations/${id(invitationId)}/resend`, 'POST').catch((error) => failWith(error, 'Failed to send invite')),
    bulkInvite: (emails) => call<BulkInvitationResult>('/invitations/bulk', 'POST', { emails }).catch((error) => failWith(error, 'Failed to send invites')),
    pickGrid: (weekId) => call<PickGrid>(`/weeks/${id(weekId)}/pick_grid`).catch((error) => failWith(error, RESULTS_TEXTS.weeksFailed)),
    calculateWeek: (weekId, dryRun = false) =>
      call<WeekCalculation>(`/weekly_results/calculate/${id(weekId)}${dryRun ? '?dry_run=true' : ''}`, 'POST').catch((error) =>
        failWith(error, RESULTS_TEXTS.calculateFailed),
      ),
    weeklyResults: (weekId) =>
      call<WeeklyResult[]>(`/weekly_results?week_id=${id(weekId)}`).catch((error) => failWith(error, RESULTS_TEXTS.failed)),
    resultsStatus: (weekId) => call<ResultsStatus>(`/weekly_results/status?week_id=${id(weekId)}`),
    calculateSeason: (seasonId) =>
      call<SeasonCalculation>(`/season_results/calculate/${id(seasonId)}`, 'POST').catch((error) =>
        failWith(error, 'Failed to calculate season results'),
      ),
    seasonStandings: (seasonId) =>
      call<Standings>(`/season_results/standings/${id(seasonId)}`).catch((error) =>
        failWith(error, 'Failed to load season results'),
      ),
    // The notification calls keep their raw failure: the screen decides (a 404/500 on validate is "proceed with caution").
    validateNotifications: (weekId) => call<NotificationValidation>(`/weekly_notifications/validate?week_id=${id(weekId)}`),
    previewNotifications: (weekId) => call<NotificationPreview>(`/weekly_notifications/preview?week_id=${id(weekId)}`),
    sendNotifications: (weekId) => call<SendResult>('/weekly_notifications/send', 'POST', { week_id: Number(weekId) }),
    notificationDeliveries: (weekId) => call<Delivery[]>(`/weekly_notifications/deliveries?week_id=${id(weekId)}`),
    notificationStatus: (weekId) => call<WeeklySendStatus>(`/weekly_notifications/status?week_id=${id(weekId)}`),
    failedDeliveries: () => call<Delivery[]>('/weekly_notifications/deliveries?status=failed'),
    retryDelivery: (deliveryId) => call<Delivery>(`/notification_deliveries/${id(deliveryId)}/retry`, 'POST'),
    missingPicks: (weekId) => call<MissingPicks[]>(`/weeks/${id(weekId)}/missing_picks`),
    remindMissingPicks: (weekId) => call<SendResult>(`/weeks/${id(weekId)}/missing_picks/remind`, 'POST'),
    remindMember: (weekId, userId) => call<SendResult>(`/weeks/${id(weekId)}/missing_picks/${id(userId)}/remind`, 'POST'),
    markPaid: (seasonId, userIds, paid) =>
      call<MarkPaidResult>(`/seasons/${id(seasonId)}/entry_payments`, 'PATCH', { user_ids: userIds.map(Number), paid }).catch((error) =>
        failWith(error, 'Update failed'),
      ),
    seasonPot: (seasonId) => call<Pot>(`/seasons/${id(seasonId)}/pot`).catch((error) => failWith(error, 'Failed to load the pot')),

    weekGames: (weekId) => call<Game[]>(`/games?${listQuery({ week_id: Number(weekId) }, 200)}`),
    // The list's default order is newest first.
    lastScoreSync: async (weekId) => (await call<ScoreSyncRun[]>(`/imports?${listQuery({ kind: 'scores', week_id: Number(weekId) }, 1)}`))[0] ?? null,
    countOfRole: async (role) => {
      const { headers } = await httpClient(`/api/users?${listQuery({ role }, 1)}`);
      return Number(/\/(\d+)$/.exec(headers.get('Content-Range') ?? '')?.[1] ?? 0);
    },

    importProviders: () => call<ProviderInfo[]>('/providers'),
    previewImport: (body) => call<ImportPreview>('/imports', 'POST', body),
    applyImport: (importId, body) => call<ApplyResult>(`/imports/${id(importId)}/apply`, 'POST', body),
    mapTeams: (provider, mappings) => call<{ mappings: unknown[] }>('/team_mappings', 'POST', { provider, mappings }),
    syncScores: (weekId) => call<ScoreSyncReport>('/score_sync', 'POST', { week_id: Number(weekId) }),
    importWeeks: (seasonId) => call<WeeksImportResult>(`/football_seasons/${id(seasonId)}/weeks/import`, 'POST', { provider: 'cfbd' }),
    importTeams: (csv) => call<TeamsImportResult>('/teams/import', 'POST', { csv }),
    resetSecondFactor: (userId) => call<void>(`/users/${id(userId)}/second_factor`, 'DELETE').catch((error) => failWith(error, 'Failed to reset the second factor')),
  };
}
