import type { Season } from './types';

export type SeasonRules = Season['rules'];

/** docs/pool-formats.md: the spec's rules, which a season that chose none plays (the server's defaults too). */
export const DEFAULT_SEASON_RULES: SeasonRules = {
  pick_mode: 'winner',
  push_rule: 'loss',
  half_point_lines: false,
  confidence_points: false,
  lock_of_week: false,
  drop_worst_weeks: 0,
  missed_weeks: 'loss',
  weekly_ties: 'tiebreaker',
  games_per_week: 10,
  commissioner_plays: false,
  pickem: true,
};
