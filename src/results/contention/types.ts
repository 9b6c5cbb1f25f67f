/** The engine's input: the public facts of a week and a season (docs/saturday.md#who-can-still-win). */
import type { GameStatus } from '../../games/entities/game.entity';
import type { SeasonRules } from '../../seasons/season-rules';

export type Landing = 'home' | 'away' | 'push';

export interface ContentionMember {
  id: number;
  name: string;
}

export interface ContentionGame {
  id: number;
  home_team_id: number;
  away_team_id: number;
  /** The names paths use ("Georgia"). */
  home_name: string;
  away_name: string;
  status: GameStatus;
  /** How the game landed for the pool (its winner; against the spread its cover, or a push); null while undecided. */
  landing: Landing | null;
  /** While undecided: whether it may still land on the line (a spread season and a whole-number line). */
  can_push: boolean;
  is_tiebreaker: boolean;
  /** The final score once decided (the tiebreaker distance needs it). */
  home_score: number | null;
  away_score: number | null;
  /** From the pick deadline on: picks are public and can no longer change. */
  locked: boolean;
  game_date: Date;
  /**
   * Against the spread: the frozen line and its favourite, so an undecided tiebreaker game's final scores can be
   * matched to its cover (coverOf in src/games/cover.ts). Left out: no line.
   */
  betting_line?: number | null;
  betting_line_team?: 'home' | 'away' | null;
}

/** A public pick: one of a locked game. */
export interface ContentionPick {
  user_id: number;
  game_id: number;
  side: 'home' | 'away';
  confidence: number | null;
  is_lock: boolean;
  tiebreaker_home_score: number | null;
  tiebreaker_away_score: number | null;
}

export interface WeekContentionInput {
  rules: SeasonRules;
  /** Everyone who plays the week (members, and admins where the commissioner plays). */
  members: ContentionMember[];
  /** Every game of the week. */
  games: ContentionGame[];
  /** Public picks only: picks of locked games. */
  picks: ContentionPick[];
}

/** A member's stored record of a scored week (weekly_results). */
export interface StoredWeekRecord {
  user_id: number;
  wins: number;
  losses: number;
  total_games: number;
  pushes: number;
  points: number;
  tiebreaker_score: number | null;
}

export interface SeasonContentionInput {
  rules: SeasonRules;
  members: ContentionMember[];
  /** The season's scored weeks other than the live week, earliest first, with their stored records. */
  scored_weeks: { week_id: number; records: StoredWeekRecord[] }[];
  /** The week being played and not yet scored, or null. */
  live: { week_id: number; games: ContentionGame[]; picks: ContentionPick[] } | null;
  /** The season's later weeks: how many games each has (null when it has none yet). */
  future_weeks: { week_id: number; games: number | null }[];
}
