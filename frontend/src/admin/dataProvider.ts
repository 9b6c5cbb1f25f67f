import simpleRestProvider from 'ra-data-simple-rest';
import { type DataProvider, fetchUtils, HttpError, type Identifier, type RaRecord } from 'react-admin';
import { apiFetch, errorsOf } from '../api/client';
import type { Game, GameTeam, PickGrid, SeasonStanding, WeeklyResult } from '../api/types';
import { RESULTS_TEXTS } from '../components/results/leaderboard';
import { SELECT_SEASON } from '../constants';

/** The admin resources whose URL differs from the API's: /admin/seasons lists /api/football_seasons. */
const API_RESOURCE: Record<string, string> = { seasons: 'football_seasons' };
const apiResource = (resource: string) => API_RESOURCE[resource] ?? resource;

/** How SPEC §8 names a resource in "Failed to load …". */
const LOAD_LABEL: Record<string, string> = { seasons: 'football seasons' };
export const loadFailedText = (resource: string) => `Failed to load ${LOAD_LABEL[resource] ?? resource.replace(/_/g, ' ')}`;

/** The body of a failed call as the API sends it, plus the messages kept apart from react-admin's form errors. */
interface FailureBody {
  messages: string[];
  errors?: Record<string, unknown>;
}

/**
 * The text to show for a failure (SPEC §8): the server's first message when it explains the request (4xx), else the
 * screen's own fallback ("Create failed", "Failed to load teams"…). A 5xx says nothing a person can act on.
 */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof HttpError && error.status < 500) {
    const first = (error.body as FailureBody | undefined)?.messages?.[0];
    if (first) return first;
  }
  return fallback;
}

export const failureStatus = (error: unknown): number | undefined => (error instanceof HttpError ? error.status : undefined);

/**
 * react-admin's httpClient over the app's one API client (apiFetch), so the bearer token and the session-expired
 * flow on a 401 are the member pages' own.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers: Record<string, string> = {};
  new Headers(options.headers).forEach((value, name) => {
    if (name.toLowerCase() !== 'content-type') headers[name] = value;
  });
  const body = typeof options.body === 'string' && options.body !== '' ? (JSON.parse(options.body) as unknown) : undefined;
  const response = await apiFetch(url, { method: options.method ?? 'GET', body, headers });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const messages = errorsOf(json);
    throw new HttpError(messages[0] ?? response.statusText, response.status, { messages } satisfies FailureBody);
  }
  return { status: response.status, headers: response.headers, body: text, json };
}

/** A plain JSON call for the admin actions beyond CRUD (results, notifications, reminders…). */
async function call<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
  const { json } = await httpClient(`/api${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  return json as T;
}

/** A field the message names first ("name must not be empty", "end_date must be on or after start_date"). */
const FIELD_FIRST = /^([a-z][a-z0-9_]*)\s/;
/** Messages that name their field in words rather than by name. */
const FIELD_OF_MESSAGE: Record<string, string> = { [SELECT_SEASON]: 'football_season_id' };

/**
 * react-admin's server-side validation: `body.errors` maps fields to messages (shown under the inputs) and
 * `root.serverError` carries the first message (shown in the form). Only fields the form sent are named, so an
 * error can never sit on an input that is not there.
 */
export function formErrorsOf(messages: string[], sent: object, fallback: string, status: number): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  if (status < 500) {
    for (const message of messages) {
      const field = FIELD_OF_MESSAGE[message] ?? FIELD_FIRST.exec(message)?.[1];
      if (field && field in sent && !(field in errors)) errors[field] = message;
    }
  }
  errors.root = { serverError: status < 500 && messages[0] ? messages[0] : fallback };
  return errors;
}

/** Rethrows a failed call with the spec's text as its message (and form errors for create and update). */
function failWith(error: unknown, fallback: string, sent?: object): never {
  if (!(error instanceof HttpError)) throw error;
  const body = (error.body ?? { messages: [] }) as FailureBody;
  const messages = body.messages ?? [];
  const next: FailureBody = { messages };
  if (sent) next.errors = formErrorsOf(messages, sent, fallback, error.status);
  throw new HttpError(failureText(error, fallback), error.status, next);
}

export type { PickGrid, SeasonStanding, WeeklyResult };

export interface SeasonRecord extends RaRecord {
  name: string;
  year: number;
  start_date: string;
  end_date: string;
  current: boolean;
  is_current: boolean;
  weeks_count: number;
  games_count: number;
  picks_count: number;
}

export interface WeekRecord extends RaRecord {
  number: number;
  display_name: string;
  start_date: string;
  end_date: string;
  football_season_id: number;
  football_season: { id: number; name: string } | null;
  is_current: boolean;
  status: string;
  games_count: number;
}

export type TeamRef = GameTeam;

/** A game as the admin screens edit it: the member app's game with its ids and week. */
export interface GameRecord extends Omit<Game, 'status'> {
  week: { id: number; number: number };
  football_season_id: number;
  home_team_id: number;
  away_team_id: number;
  winner_team: TeamRef | null;
  status: 'scheduled' | 'in_progress' | 'completed' | 'cancelled';
  /** Awarded to winner_team_id whatever the score says, for forfeit_reason. */
  forfeit?: boolean;
  forfeit_reason?: string | null;
}

export interface PickValue {
  selected_winner: string;
  is_correct: boolean | null;
  tiebreaker_home_score: number | null;
  tiebreaker_away_score: number | null;
}

export interface PickHistoryEntry {
  id: number;
  action: string;
  admin: { id: number; name: string } | null;
  previous_value: PickValue | null;
  new_value: PickValue | null;
  reason: string | null;
  created_at: string;
}

interface RecordSummary {
  wins: number;
  losses: number;
  tiebreaker_score: number | null;
  rank: number | null;
}

export interface WeekCalculation {
  results_count: number;
  dry_run?: true;
  results?: WeeklyResult[];
  changes?: { user: WeeklyResult['user']; before: RecordSummary | null; after: RecordSummary | null }[];
  picks_changed?: number;
}

export interface NotificationValidation {
  isValid: boolean;
  gamesCount: number;
  tiebreakerCount: number;
  message: string;
}

export interface NotificationPreview {
  week_number: number;
  user_name: string;
  games_count: number;
  tiebreaker_game?: unknown;
  games: { away_team: unknown; home_team: unknown; game_date: string; betting_line: number | null; betting_line_team: string | null; is_tiebreaker: boolean }[];
  html?: string;
}

export interface SendResult {
  sent_count: number;
  failed_count: number;
}

export interface MissingPicks {
  user: { id: number; name: string; email: string };
  missing: { game_id: number; away_team: unknown; home_team: unknown; pick_deadline: string }[];
  missing_tiebreaker: boolean;
  /** Games of the week still open for picks ("4/10 picked" counts against these). */
  open_games?: number;
}

export interface BulkInvitationResult {
  invitations: (RaRecord & { email: string; status: string })[];
  skipped: { email: string; reason: string }[];
}

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
  calculateSeason(seasonId: Identifier): Promise<{ results_count: number }>;
  seasonStandings(seasonId: Identifier): Promise<{ season: { id: number; name: string }; standings: SeasonStanding[] }>;
  validateNotifications(weekId: Identifier): Promise<NotificationValidation>;
  previewNotifications(weekId: Identifier): Promise<NotificationPreview>;
  sendNotifications(weekId: Identifier): Promise<SendResult>;
  notificationDeliveries(weekId: Identifier): Promise<Record<string, unknown>[]>;
  /** Every e-mail that failed for good, of any kind (invitations, resets, overrides, the week's e-mails). */
  failedDeliveries(): Promise<Record<string, unknown>[]>;
  /** Queues a failed e-mail again. */
  retryDelivery(id: Identifier): Promise<Record<string, unknown>>;
  missingPicks(weekId: Identifier): Promise<MissingPicks[]>;
  remindMissingPicks(weekId: Identifier): Promise<SendResult>;
  /** One member's nudge: the same reminder to that member alone. */
  remindMember(weekId: Identifier, userId: Identifier): Promise<SendResult>;
}

export type AdminDataProvider = DataProvider & AdminActions;

/** A 404 means "there is none" for the current season or week. */
async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (failureStatus(error) === 404) return null;
    throw error;
  }
}

/**
 * ra-data-simple-rest against /api (the API speaks its dialect on every list), with the spec's failure texts and
 * form errors on the fields they concern.
 */
export function createDataProvider(): AdminDataProvider {
  const rest = simpleRestProvider('/api', httpClient);
  const id = encodeURIComponent;
  return {
    ...rest,
    getList: (resource, params) => rest.getList(apiResource(resource), params).catch((error) => failWith(error, loadFailedText(resource))),
    getOne: (resource, params) => rest.getOne(apiResource(resource), params).catch((error) => failWith(error, loadFailedText(resource))),
    getMany: (resource, params) => rest.getMany(apiResource(resource), params).catch((error) => failWith(error, loadFailedText(resource))),
    getManyReference: (resource, params) =>
      rest.getManyReference(apiResource(resource), params).catch((error) => failWith(error, loadFailedText(resource))),
    create: (resource, params) =>
      rest.create(apiResource(resource), params).catch((error) => failWith(error, resource === 'picks' ? 'Add failed' : 'Create failed', params.data)),
    update: (resource, params) => rest.update(apiResource(resource), params).catch((error) => failWith(error, 'Update failed', params.data)),
    updateMany: (resource, params) => rest.updateMany(apiResource(resource), params).catch((error) => failWith(error, 'Update failed')),
    // The API answers a delete with 204 and no body; react-admin wants the record back.
    delete: (resource, params) =>
      rest
        .delete(apiResource(resource), params)
        .then(() => ({ data: (params.previousData ?? { id: params.id }) as never }))
        .catch((error) => failWith(error, 'Delete failed')),
    deleteMany: (resource, params) =>
      rest
        .deleteMany(apiResource(resource), params)
        .then(() => ({ data: params.ids }))
        .catch((error) => failWith(error, 'Delete failed')),

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
    calculateSeason: (seasonId) =>
      call<{ results_count: number }>(`/season_results/calculate/${id(seasonId)}`, 'POST').catch((error) =>
        failWith(error, 'Failed to calculate season results'),
      ),
    seasonStandings: (seasonId) =>
      call<{ season: { id: number; name: string }; standings: SeasonStanding[] }>(`/season_results/standings/${id(seasonId)}`).catch((error) =>
        failWith(error, 'Failed to load season results'),
      ),
    // The notification calls keep their raw failure: the screen decides (a 404/500 on validate is "proceed with caution").
    validateNotifications: (weekId) => call<NotificationValidation>(`/weekly_notifications/validate?week_id=${id(weekId)}`),
    previewNotifications: (weekId) => call<NotificationPreview>(`/weekly_notifications/preview?week_id=${id(weekId)}`),
    sendNotifications: (weekId) => call<SendResult>('/weekly_notifications/send', 'POST', { week_id: Number(weekId) }),
    notificationDeliveries: (weekId) => call<Record<string, unknown>[]>(`/weekly_notifications/deliveries?week_id=${id(weekId)}`),
    failedDeliveries: () => call<Record<string, unknown>[]>('/weekly_notifications/deliveries?status=failed'),
    retryDelivery: (deliveryId) => call<Record<string, unknown>>(`/notification_deliveries/${id(deliveryId)}/retry`, 'POST'),
    missingPicks: (weekId) => call<MissingPicks[]>(`/weeks/${id(weekId)}/missing_picks`),
    remindMissingPicks: (weekId) => call<SendResult>(`/weeks/${id(weekId)}/missing_picks/remind`, 'POST'),
    remindMember: (weekId, userId) => call<SendResult>(`/weeks/${id(weekId)}/missing_picks/${id(userId)}/remind`, 'POST'),
  };
}
