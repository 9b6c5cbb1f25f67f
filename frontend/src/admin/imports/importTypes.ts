/**
 * The import API's answers as docs/imports.md "The API" names them. The server's DTOs for these routes were being
 * written while this screen was: once `npm run openapi` has them in `api/schema.d.ts`, these names should become
 * aliases of the generated schemas in `api/types.ts` (as every other admin type is) and this file go away.
 */
import type { RaRecord } from 'react-admin';

export type ProviderName = 'cfbd' | 'scoreboard' | 'csv';

/** GET /providers. */
export interface ProviderInfo {
  name: ProviderName;
  label: string;
  /** False for CFBD without CFBD_API_KEY. */
  configured: boolean;
  capabilities: string[];
}

export type ChangeKind = 'new' | 'changed' | 'unchanged' | 'gone' | 'cancelled' | 'kept';

/** One field that would change: the stored value and the provider's. */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface PreviewTeam {
  external_id: string | null;
  /** The provider's name of the team. */
  name: string;
  /** Our team, when matched. */
  team_id: number | null;
  team_name: string | null;
  rank: number | null;
  conference: string | null;
  classification: string | null;
}

export interface PreviewGame {
  /** The provider's game id, or `game:<id>` for a game of the week the provider does not have. */
  key: string;
  change: ChangeKind;
  changes: FieldChange[];
  game_id: number | null;
  name: string | null;
  game_date: string;
  start_time_tbd: boolean;
  home: PreviewTeam;
  away: PreviewTeam;
  betting_line: number | string | null;
  betting_line_team: 'home' | 'away' | null;
  line_source: string | null;
  /** The game's picks are open: its line moves only when named in `update_lines`. */
  line_frozen: boolean;
  conference_game: boolean;
  neutral_site: boolean;
  fbs_vs_fbs: boolean;
  status: string;
  /** Already in the week. */
  selected: boolean;
  is_tiebreaker: boolean;
}

export interface UnmatchedTeam {
  external_id: string;
  name: string;
  conference: string | null;
  classification: string | null;
  /** How many of the week's games it plays in. */
  games: number;
  suggestions: { team_id: number; name: string }[];
}

/** POST /imports: the stored preview. */
export interface ImportPreview {
  id: number;
  kind: 'week';
  provider: ProviderName;
  status: string;
  week_id: number;
  football_season_id: number;
  created_at: string;
  games: PreviewGame[];
  unmatched_teams: UnmatchedTeam[];
  warnings: string[];
}

export interface ImportRequest {
  week_id: number;
  provider: ProviderName;
  csv?: string;
}

export interface ApplyRequest {
  games: string[];
  tiebreaker: string | null;
  update_lines: string[];
}

/** POST /imports/{id}/apply: the counts of what it did. */
export interface ApplyResult {
  import: unknown;
  created: number;
  updated: number;
  removed: number;
  unchanged: number;
  games: unknown[];
}

export type TeamMapping =
  | { external_id: string; external_name: string; team_id: number }
  | { external_id: string; external_name: string; create: { conference_id?: number; classification?: string } };

/** POST /score_sync: what the sync did. */
export interface ScoreSyncReport {
  id: number;
  provider: string;
  week_id: number;
  ran_at: string;
  changes: { game_id: number; game: unknown; changes: FieldChange[] }[];
  flagged: { game_id: number; game: unknown; flag: string }[];
  unmatched: { external_id: string; home: unknown; away: unknown }[];
  unchanged: number;
  results_calculated: boolean;
}

/** POST /football_seasons/{id}/weeks/import. */
export interface WeeksImportResult {
  created: number | unknown[];
  unchanged: number | unknown[];
  weeks: unknown[];
}

/** GET /imports: one import, score sync or calendar import. */
export interface ImportRecord extends RaRecord {
  kind: 'week' | 'scores' | 'calendar';
  provider: string;
  status: string;
  week_id: number | null;
  football_season_id: number | null;
  created_at: string;
  applied_at?: string | null;
  /** The admin who asked; null for the scheduled score sync. */
  created_by: number | null;
  /** What it changed (an applied import's counts, a sync's report, a calendar's week numbers); null for a preview. */
  summary: unknown;
}
