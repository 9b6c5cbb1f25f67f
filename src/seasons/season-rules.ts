import type { Role } from '../common/principal';

/**
 * A season's pool format (docs/pool-formats.md). A season created without choosing plays the spec's rules: these
 * defaults. The rules lock once the season's first game kicks off.
 */
export const PICK_MODES = ['winner', 'spread'] as const;
export const PUSH_RULES = ['loss', 'half', 'void'] as const;
export const MISSED_WEEK_RULES = ['loss', 'excluded'] as const;
export const WEEKLY_TIE_RULES = ['tiebreaker', 'shared'] as const;
export type PickMode = (typeof PICK_MODES)[number];
export type PushRule = (typeof PUSH_RULES)[number];
export type MissedWeekRule = (typeof MISSED_WEEK_RULES)[number];
export type WeeklyTieRule = (typeof WEEKLY_TIE_RULES)[number];

export const DROP_WORST_WEEKS_MAX = 10;
export const GAMES_PER_WEEK_MIN = 1;
export const GAMES_PER_WEEK_MAX = 40;

export interface SeasonRules {
  /** winner: pick the winner; spread: pick the team that covers the line frozen at the game's first pick. */
  pick_mode: PickMode;
  /** Against the spread, a game landing exactly on the line: a loss, half a win, or left out (void). */
  push_rule: PushRule;
  /** Against the spread, every line must end in .5 (no pushes possible). */
  half_point_lines: boolean;
  /** Members rank the week's picks 1..N; a correct pick earns its points. */
  confidence_points: boolean;
  /** One pick per week counts double. */
  lock_of_week: boolean;
  /** The N weeks with the fewest points leave the season standings. */
  drop_worst_weeks: number;
  /** A week a member missed: 0 points (loss, the spec), or left out with the season ranked by win percentage. */
  missed_weeks: MissedWeekRule;
  /** Equal weekly points: split by the tiebreaker (the spec), or a shared rank. */
  weekly_ties: WeeklyTieRule;
  /** Games a week must have for the weekly e-mail, one of them the tiebreaker; null: every game of the week. */
  games_per_week: number | null;
  /** Admins pick on their own dashboard like members (deadlines included). */
  commissioner_plays: boolean;
  /** The season runs its pick'em; false: it runs only its survivor contest (docs/pool-formats.md#survivor). */
  pickem: boolean;
}

export const DEFAULT_RULES: Readonly<SeasonRules> = Object.freeze({
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
});

export const RULE_KEYS = Object.keys(DEFAULT_RULES) as (keyof SeasonRules)[];

/** The rules alone, from a season row (which carries them as columns). */
export const rulesOf = (season: SeasonRules): SeasonRules =>
  Object.fromEntries(RULE_KEYS.map((key) => [key, season[key]])) as unknown as SeasonRules;

/**
 * Who plays a week of the season (docs/pool-formats.md#the-commissioner-playing): the members, and the admins too
 * where the commissioner plays. The pick grid, the live board, who hasn't picked, the e-mails and the wins and
 * losses written on accounts all ask this.
 */
export const playingRoles = (rules: Pick<SeasonRules, 'commissioner_plays'>): Role[] => (rules.commissioner_plays ? ['user', 'admin'] : ['user']);

/** Against the spread, whether a push counts as half a win (it changes the losses and the win percentage too). */
export const halfPushes = (rules: SeasonRules): boolean => rules.pick_mode === 'spread' && rules.push_rule === 'half';

/** Whether correct picks are weighed (confidence, lock, half wins): standings then rank by points, not wins. */
export const pointsRule = (rules: SeasonRules): boolean => rules.confidence_points || rules.lock_of_week || halfPushes(rules);

/** What is wrong with a set of rules, or null. */
export function rulesError(rules: SeasonRules): string | null {
  if (rules.half_point_lines && rules.pick_mode !== 'spread') return 'half_point_lines applies only against the spread (pick_mode spread)';
  return null;
}

/**
 * The season's rules in plain words, one sentence each, for the rules that differ from the spec's (a default season
 * has none: its members know the rules from the help). Shown on the dashboard, the results page and the e-mails.
 */
export function describeRules(rules: SeasonRules): string[] {
  const sentences: string[] = [];
  if (rules.pick_mode === 'spread') {
    sentences.push('Picks are against the spread: your team must cover the line that was frozen when the game\'s first pick was made.');
    if (rules.half_point_lines) sentences.push('Every line ends in a half point, so no game can land on the line.');
    else if (rules.push_rule === 'half') sentences.push('A game that lands exactly on the line (a push) counts as half a win.');
    else if (rules.push_rule === 'void') sentences.push('A game that lands exactly on the line (a push) does not count.');
    else sentences.push('A game that lands exactly on the line (a push) counts as a loss.');
  }
  if (rules.confidence_points) {
    sentences.push('Give each pick confidence points from 1 up to the number of games, each number once; a correct pick earns its points.');
  }
  if (rules.lock_of_week) sentences.push('Your lock of the week counts double; a lock on a cancelled game is void.');
  if (rules.drop_worst_weeks > 0) {
    const weeks = rules.drop_worst_weeks === 1 ? 'week is' : `${rules.drop_worst_weeks} weeks are`;
    sentences.push(`Your worst ${weeks} dropped from the season standings.`);
  }
  if (rules.missed_weeks === 'excluded') sentences.push('Weeks you miss are left out: the season standings go by win percentage.');
  if (rules.weekly_ties === 'shared') sentences.push('Members with the same weekly score share the week\'s place.');
  if (rules.games_per_week === null) sentences.push('Every game of the week is on the card.');
  else if (rules.games_per_week !== DEFAULT_RULES.games_per_week) sentences.push(`Each week has ${rules.games_per_week} games, one of them the tiebreaker.`);
  if (rules.commissioner_plays) sentences.push('The commissioner plays too, under the same deadlines.');
  if (!rules.pickem) sentences.push('This season runs only its survivor contest.');
  return sentences;
}
