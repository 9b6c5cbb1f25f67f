import { SEASON, WEEK } from '../test/adminTestUtils';
import type { SurvivorContest, SurvivorEntry, SurvivorPick } from './survivorTypes';

/** The tests' survivor contest of the test season, entry open. */
export const CONTEST: SurvivorContest = {
  id: 4,
  football_season_id: SEASON.id,
  name: 'Last One Standing',
  first_week_id: WEEK.id,
  first_week_number: 1,
  pick_mode: 'winner',
  reuse: 'never',
  lives: 1,
  ties: 'win',
  missed: 'loss',
  all_lose: 'stay_alive',
  entry_fee_cents: 1000,
  payout_percentages: [100],
  rules_locked: false,
  entry_closes_at: '2099-09-05T18:30:00.000Z',
  entrant_count: 3,
  alive_count: 2,
  finished: false,
  rules_summary: [],
  created_at: '2026-08-01T12:00:00.000Z',
  updated_at: '2026-08-01T12:00:00.000Z',
};

export const LOCKED: SurvivorContest = { ...CONTEST, rules_locked: true, entry_closes_at: '2026-09-05T18:30:00.000Z' };

export function entry(id: number, name: string, fields: Partial<SurvivorEntry> = {}): SurvivorEntry {
  return {
    id,
    survivor_contest_id: CONTEST.id,
    user_id: id + 10,
    name,
    entered_at: '2026-08-20T12:00:00.000Z',
    entered_by: null,
    paid: false,
    alive: true,
    lives_left: 1,
    weeks_survived: 0,
    ...fields,
  };
}

export function pick(id: number, fields: Partial<SurvivorPick> = {}): SurvivorPick {
  return {
    id,
    survivor_contest_id: CONTEST.id,
    user_id: 11,
    user_name: 'Ann',
    week_id: WEEK.id,
    week_number: 1,
    game_id: 1,
    team_id: 10,
    team_name: 'Home 1',
    hidden: false,
    assigned: false,
    updated_at: '2026-09-01T12:00:00.000Z',
    ...fields,
  };
}
