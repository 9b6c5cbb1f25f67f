import type { Game, GameTeam, Pick as MemberPick, SeasonRules } from '../../api/types';

/**
 * What a season's pool format (docs/pool-formats.md) changes on the member's screens. A season on the spec's rules
 * (or one read before the server had rules) changes nothing.
 */
export interface PickFormat {
  /** Picks are against the spread: each team shows its line, a finished game whether the pick covered. */
  spread: boolean;
  /** Each pick carries confidence points, reordered by tapping two games' badges. */
  confidence: boolean;
  /** One pick a week is the member's lock. */
  lock: boolean;
}

export const pickFormatOf = (rules: SeasonRules | undefined): PickFormat => ({
  spread: rules?.pick_mode === 'spread',
  confidence: rules?.confidence_points === true,
  lock: rules?.lock_of_week === true,
});

/** Whether standings go by points rather than wins (the server's pointsRule): confidence, a lock, or half-win pushes. */
export const pointsRule = (rules: SeasonRules | undefined): boolean =>
  Boolean(rules && (rules.confidence_points || rules.lock_of_week || (rules.pick_mode === 'spread' && rules.push_rule === 'half')));

export const POOL_TEXTS = {
  rulesHeading: "This season's rules",
  covered: 'Covered',
  notCovered: "Didn't cover",
  push: 'Push',
  lock: 'Lock',
  points: (points: number | null | undefined) => `${points ?? '—'} pts`,
  swapHint: "Tap another game's points to swap",
} as const;

/** The real minus sign: "−7.5" reads as a line, not a hyphen. */
const MINUS = '\u2212';

/** A team's spread: "−7.5" for the favourite, "+7.5" for the underdog, "PK" without a line (or a line of 0). */
export function spreadText(game: Pick<Game, 'betting_line' | 'betting_line_team' | 'home_team'>, team: GameTeam): string {
  const line = game.betting_line === null || game.betting_line === undefined ? 0 : Number(game.betting_line);
  if (line === 0 || !game.betting_line_team) return 'PK';
  const favourite = (game.betting_line_team === 'home') === (team.id === game.home_team.id);
  return `${favourite ? MINUS : '+'}${line}`;
}

/** Whether the member's pick covered a finished game's line: null until the server has a cover. */
export function coverOutcome(game: Pick<Game, 'cover' | 'home_team' | 'away_team'>, pick: MemberPick | undefined): 'covered' | 'not_covered' | 'push' | null {
  if (!pick || !game.cover) return null;
  if (game.cover === 'push') return 'push';
  const covering = game.cover === 'home' ? game.home_team : game.away_team;
  return covering.name === pick.selected_winner ? 'covered' : 'not_covered';
}
