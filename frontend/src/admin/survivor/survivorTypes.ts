import type { RaRecord } from 'react-admin';

/*
 * The survivor contest's admin answers, as docs/pool-formats.md "Survivor" > "Routes" states them. Written out here
 * until the API's DTOs are in the OpenAPI document; then these become names for its schemas (api/types.ts).
 */

export type SurvivorPickMode = 'winner' | 'spread';
export type SurvivorReuse = 'never' | 'half';
export type SurvivorTies = 'win' | 'loss';
export type SurvivorMissed = 'loss' | 'favourite';
export type SurvivorAllLose = 'stay_alive' | 'share_win';

export interface SurvivorContest extends RaRecord {
  id: number;
  football_season_id: number;
  name: string;
  first_week_id: number;
  first_week_number: number;
  pick_mode: SurvivorPickMode;
  reuse: SurvivorReuse;
  lives: number;
  ties: SurvivorTies;
  missed: SurvivorMissed;
  all_lose: SurvivorAllLose;
  entry_fee_cents: number;
  payout_percentages: number[];
  rules_locked: boolean;
  entry_closes_at: string | null;
  entrant_count: number;
  alive_count: number;
  finished: boolean;
}

export interface SurvivorEntry extends RaRecord {
  id: number;
  survivor_contest_id: number;
  user_id: number;
  name: string;
  entered_at: string;
  entered_by: string | null;
  paid: boolean;
  alive: boolean;
  lives_left: number;
  weeks_survived: number;
}

export interface SurvivorPick extends RaRecord {
  id: number;
  survivor_contest_id: number;
  user_id: number;
  user_name: string;
  week_id: number;
  week_number: number;
  game_id: number;
  team_id: number | null;
  team_name: string | null;
  hidden?: boolean;
  assigned: boolean;
  updated_at: string;
}

/** A pick's value as an audit row carries it: the team (null while its game is open, or for none). */
export interface SurvivorPickValue {
  team_id?: number | null;
  team_name?: string | null;
  hidden?: boolean;
}

export interface SurvivorPickAudit extends RaRecord {
  id: number;
  survivor_contest_id: number;
  survivor_pick_id: number | null;
  user_id: number;
  user_name: string | null;
  week_id: number;
  /** Not sent by the API; the list looks it up. */
  week_number?: number | null;
  admin_name: string | null;
  action: 'create' | 'update' | 'delete' | string;
  previous_value: SurvivorPickValue | null;
  new_value: SurvivorPickValue | null;
  reason: string | null;
  created_at: string;
}

/** POST /survivor_contests/{id}/calculate. */
export interface SurvivorCalculation {
  weeks_calculated: number;
  alive_count: number;
  finished: boolean;
}

/** PATCH /survivor_contests/{id}/entries_paid, as the season's entry payments answer. */
export interface SurvivorPaidResult {
  changed: number;
  paid_count?: number;
}
