import type { GameStatus, Side } from './entities/game.entity';

/** The facts of a game that its rules look at: the stored game with a requested change applied. */
export interface GameFacts {
  home_team_id: number;
  away_team_id: number;
  winner_team_id: number | null;
  status: GameStatus;
  home_score: number | null;
  away_score: number | null;
  betting_line: number | null;
  betting_line_team: Side | null;
}

/** What a request said about the outcome: undefined fields were not sent. */
export type OutcomeChange = Partial<Pick<GameFacts, 'winner_team_id' | 'status' | 'home_score' | 'away_score'>>;

export const GAME_RULES = {
  sameTeams: 'Home team and away team must be different',
  winnerNotPlaying: 'winner_team_id must be the home team or the away team',
  lineWithoutSide: 'betting_line_team (home or away) is required when betting_line is set',
  sideWithoutLine: 'betting_line is required when betting_line_team is set',
  tiedWithoutWinner: 'A completed game with a tied score needs a winner',
} as const;

/** The team with the higher score of a completed game; null while the game is not completed, unscored or tied. */
export function winnerFromScores(game: Pick<GameFacts, 'status' | 'home_score' | 'away_score' | 'home_team_id' | 'away_team_id'>): number | null {
  const { status, home_score, away_score } = game;
  if (status !== 'completed' || home_score === null || away_score === null || home_score === away_score) return null;
  return home_score > away_score ? game.home_team_id : game.away_team_id;
}

/**
 * The winner a game ends up with. A winner named in the request stands. Otherwise the scores decide on a completed
 * game when the request recorded the outcome (scores, status or an explicit "no winner") or no winner is stored;
 * an edit that leaves the outcome alone keeps the stored winner (an admin's call such as a forfeit).
 */
export function settledWinner(game: GameFacts, change: OutcomeChange): number | null {
  if (change.winner_team_id != null) return change.winner_team_id;
  const fromScores = winnerFromScores(game);
  if (fromScores === null) return game.winner_team_id;
  const outcomeRecorded =
    change.winner_team_id === null || change.status !== undefined || change.home_score !== undefined || change.away_score !== undefined;
  return outcomeRecorded || game.winner_team_id === null ? fromScores : game.winner_team_id;
}

/** The first rule of a game (SPEC §5) that the given facts break, or null when they keep them all. */
export function gameRuleViolation(game: GameFacts): string | null {
  if (game.home_team_id === game.away_team_id) return GAME_RULES.sameTeams;
  if (game.winner_team_id !== null && game.winner_team_id !== game.home_team_id && game.winner_team_id !== game.away_team_id) {
    return GAME_RULES.winnerNotPlaying;
  }
  if (game.betting_line !== null && game.betting_line > 0 && game.betting_line_team === null) return GAME_RULES.lineWithoutSide;
  if (game.betting_line === null && game.betting_line_team !== null) return GAME_RULES.sideWithoutLine;
  // FBS games cannot end tied (overtime); a tied final is a typo, and weekly results need every winner.
  if (game.status === 'completed' && game.home_score !== null && game.home_score === game.away_score && game.winner_team_id === null) {
    return GAME_RULES.tiedWithoutWinner;
  }
  return null;
}

/** SPEC §9: AP poll rankings. */
export const RANKING_MIN = 1;
export const RANKING_MAX = 25;
/** SPEC §9: the betting line moves in half points from 0. */
export const BETTING_LINE_STEP = 0.5;
/** No real spread comes near it; it keeps the value inside its DECIMAL(4,1) column. */
export const BETTING_LINE_MAX = 99.5;
