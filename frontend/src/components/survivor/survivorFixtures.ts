import type { SurvivorSummary } from '../../api/member';
import type { SurvivorBoard, SurvivorOption, SurvivorPick } from '../../api/survivor';

/* The survivor routes' answers as docs/pool-formats.md#routes writes them, for the page and card tests. */

const HOUR_MS = 3600 * 1000;

export const SURVIVOR_CONTEST: NonNullable<SurvivorSummary['contest']> = {
  id: 5,
  name: 'Last Fan Standing',
  football_season_id: 1,
  first_week_id: 1,
  pick_mode: 'winner',
  reuse: 'never',
  lives: 2,
  ties: 'win',
  missed: 'loss',
  all_lose: 'stay_alive',
  entry_fee_cents: 0,
  payout_percentages: [],
  first_week_number: 1,
  rules_summary: ['Pick one team each week to win straight up; each team once.', 'You have 2 lives.'],
  entry_open: false,
  entry_closes_at: null,
  finished: false,
};

export function survivorSummary(fields: Partial<SurvivorSummary> = {}): SurvivorSummary {
  return {
    contest: SURVIVOR_CONTEST,
    me: { entered: true, alive: true, lives_left: 2, weeks_survived: 1, rank: 1 },
    week: { id: 2, week_number: 2 },
    pick: null,
    ...fields,
  };
}

/** A team of game `gameId` (teams named "Home n" and "Away n"), its game kicking off `hoursAhead` from now. */
export function survivorOption(gameId: number, home: boolean, fields: Partial<SurvivorOption> & { hoursAhead?: number } = {}): SurvivorOption {
  const { hoursAhead = 48, ...rest } = fields;
  const kickoff = Date.now() + hoursAhead * HOUR_MS;
  return {
    team_id: gameId * 10 + (home ? 1 : 2),
    team_name: `${home ? 'Home' : 'Away'} ${gameId}`,
    game_id: gameId,
    opponent_name: `${home ? 'Away' : 'Home'} ${gameId}`,
    home,
    game_date: new Date(kickoff).toISOString(),
    pick_deadline: new Date(kickoff - HOUR_MS).toISOString(),
    picks_allowed: hoursAhead > 1,
    line: home ? -3.5 : 3.5,
    used_week_number: null,
    ...rest,
  };
}

/** Week 2's options: game 1 open (Away 1 used in week 1), game 2 locked, game 3 open. */
export const WEEK_OPTIONS: SurvivorOption[] = [
  survivorOption(1, false, { used_week_number: 1 }),
  survivorOption(1, true),
  survivorOption(2, false, { hoursAhead: -1 }),
  survivorOption(2, true, { hoursAhead: -1 }),
  survivorOption(3, false, { hoursAhead: 72 }),
  survivorOption(3, true, { hoursAhead: 72 }),
];

export const savedPick = (option: SurvivorOption): SurvivorPick => ({ id: 40, survivor_contest_id: 5, week_id: 2, week_number: 2, game_id: option.game_id, team_id: option.team_id, team_name: option.team_name, assigned: false, updated_at: '2026-09-01T12:00:00.000Z' });

export const SURVIVOR_BOARD: SurvivorBoard = {
  survivor_contest_id: 5,
  entrant_count: 3,
  alive_count: 2,
  finished: false,
  winners: [],
  week: { id: 2, week_number: 2 },
  entrants: [
    { user_id: 7, name: 'Fan', rank: 1, alive: true, lives_left: 2, weeks_survived: 1, teams_used: [{ week_number: 1, team_name: 'Away 1', outcome: 'win' }], pick: null, has_picked: false },
    { user_id: 8, name: 'Ana', rank: 2, alive: true, lives_left: 1, weeks_survived: 1, teams_used: [{ week_number: 1, team_name: 'Home 9', outcome: 'loss' }], pick: 'Home 2', has_picked: true },
    { user_id: 9, name: 'Ben', rank: 3, alive: false, lives_left: 0, weeks_survived: 0, teams_used: [{ week_number: 1, team_name: 'Away 8', outcome: 'missed' }], pick: null, has_picked: true },
  ],
  team_shares: [
    { team_id: 21, team_name: 'Home 2', count: 3, share: 0.75 },
    { team_id: 22, team_name: 'Away 2', count: 1, share: 0.25 },
  ],
  pot: null,
};
