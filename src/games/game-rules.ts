import type { GameStatus, Side } from './entities/game.entity';

/** The facts of a game that its rules look at: the stored game with a requested change applied. */
export interface GameFacts {
  home_team_id: number;
  away_team_id: number;
  winner_team_id: number | null;
  status: GameStatus;
  home_score: number | null;
  away_score: number | null;
  forfeit: boolean;
  forfeit_reason: string | null;
  betting_line: number | null;
  betting_line_team: Side | null;
}

/** The part of a game that decides picks and results; each change of it is audited. */
export type GameOutcome = Pick<GameFacts, 'status' | 'winner_team_id' | 'home_score' | 'away_score' | 'forfeit' | 'forfeit_reason'>;
export const OUTCOME_KEYS = ['status', 'winner_team_id', 'home_score', 'away_score', 'forfeit', 'forfeit_reason'] as const satisfies readonly (keyof GameOutcome)[];

/** What a request said about the outcome: undefined fields were not sent. */
export type OutcomeChange = Partial<GameOutcome>;

/** A team's name by id, for messages that name the teams. */
export type TeamNames = (teamId: number) => string;

export const GAME_RULES = {
  sameTeams: 'Home team and away team must be different',
  winnerNotPlaying: 'winner_team_id must be the home team or the away team',
  lineWithoutSide: 'betting_line_team (home or away) is required when betting_line is set',
  sideWithoutLine: 'betting_line is required when betting_line_team is set',
  forfeitWithoutReason: 'forfeit_reason is required when forfeit is true: say why the game was awarded',
  forfeitWithoutWinner: 'A forfeit needs a winner: set winner_team_id to the team the game is awarded to',
  forfeitNotCompleted: 'A forfeit ends the game: its status must be completed (or left out)',
  winnerNotCompleted: 'Only a completed game has a winner: enter both scores (the winner follows from them) or award the game as a forfeit',
  oneScore: 'A completed game needs both scores (or neither)',
  scoreCleared: 'The score of a completed game cannot be cleared: correct it, or set the status to scheduled or in_progress to reopen the game',
} as const;

/** docs/pool-formats.md#games: the rules a season may set on lines. */
export const LINE_RULES = {
  frozen: 'The line is frozen: members have picked against it',
  halfPoints: 'This season requires half-point lines (for example 7.5)',
} as const;

type Line = Pick<GameFacts, 'betting_line' | 'betting_line_team'>;

export const sameLine = (a: Line, b: Line): boolean => a.betting_line === b.betting_line && a.betting_line_team === b.betting_line_team;

/** A line a half-point season refuses: a whole number above 0 (a pick'em, 0, cannot push against a winner). */
export const isWholeLine = (line: number | null): boolean => line !== null && line > 0 && Number.isInteger(line);

const FORFEIT_HINT = 'set forfeit to true with a forfeit_reason';

/** The messages that name the teams and the score. */
export const OUTCOME_MESSAGES = {
  contradiction: (score: string, scoreWinner: string, named: string) =>
    `The score is ${score}, so the winner is ${scoreWinner}, not ${named}. Correct the score, or to award the game to ${named} anyway, ${FORFEIT_HINT}.`,
  tied: (score: string) =>
    `The score is tied (${score}) and a completed game cannot end tied. Correct the score, or award the game to one team: ${FORFEIT_HINT} and winner_team_id.`,
};

/** "Rutgers 45, Ohio State 42": the winner first, the home team first on a tie. */
export function describeScore(game: Pick<GameFacts, 'home_team_id' | 'away_team_id' | 'home_score' | 'away_score'>, names: TeamNames): string {
  const home = `${names(game.home_team_id)} ${game.home_score}`;
  const away = `${names(game.away_team_id)} ${game.away_score}`;
  return game.away_score! > game.home_score! ? `${away}, ${home}` : `${home}, ${away}`;
}

/** The team with the higher score of a completed game; null while the game is not completed, unscored or tied. */
export function winnerFromScores(game: Pick<GameFacts, 'status' | 'home_score' | 'away_score' | 'home_team_id' | 'away_team_id'>): number | null {
  const { status, home_score, away_score } = game;
  if (status !== 'completed' || home_score === null || away_score === null || home_score === away_score) return null;
  return home_score > away_score ? game.home_team_id : game.away_team_id;
}

export type Settled = { game: GameFacts; violation: null } | { game: null; violation: string };

/**
 * The game a request leaves, with its outcome settled (docs/results-integrity.md), or the first rule it breaks.
 * - Both scores entered (the request sends a score and both are then set) or a forfeit awarded, without a status
 *   of the request's own: the game is completed. A status the request names is respected, except "scheduled",
 *   which an edit form sends back unchanged and which cannot hold a final score.
 * - A completed game's winner is the higher score. A winner the request names that contradicts the score (or any
 *   winner of a tie) needs forfeit with a reason. A winner sent back unchanged (a form sends the stored record) is
 *   not named: the score decides. A completed game without scores keeps the winner it is given.
 * - A game that is not completed has no winner and is no forfeit.
 */
export function settleGame(stored: GameFacts | null, next: GameFacts, change: OutcomeChange, names: TeamNames): Settled {
  const refuse = (violation: string): Settled => ({ game: null, violation });
  const game: GameFacts = { ...next };
  const playing = (teamId: number) => teamId === game.home_team_id || teamId === game.away_team_id;
  const named = change.winner_team_id === undefined || (stored !== null && change.winner_team_id === stored.winner_team_id) ? undefined : change.winner_team_id;

  if (game.home_team_id === game.away_team_id) return refuse(GAME_RULES.sameTeams);
  if (named != null && !playing(named)) return refuse(GAME_RULES.winnerNotPlaying);

  const scoresEntered = (change.home_score !== undefined || change.away_score !== undefined) && game.home_score !== null && game.away_score !== null;
  const statusNamed = change.status !== undefined && change.status !== 'scheduled';
  if ((scoresEntered || change.forfeit === true) && !statusNamed) game.status = 'completed';

  if (game.status !== 'completed') {
    if (game.forfeit) return refuse(GAME_RULES.forfeitNotCompleted);
    if (named != null) return refuse(GAME_RULES.winnerNotCompleted);
    game.winner_team_id = null;
  } else if (game.forfeit) {
    if (!game.forfeit_reason?.trim()) return refuse(GAME_RULES.forfeitWithoutReason);
    if ((game.home_score === null) !== (game.away_score === null)) return refuse(GAME_RULES.oneScore);
    game.winner_team_id = named !== undefined ? named : (game.winner_team_id ?? winnerFromScores(game));
    if (game.winner_team_id === null) return refuse(GAME_RULES.forfeitWithoutWinner);
  } else {
    const cleared = (side: 'home_score' | 'away_score') => change[side] === null && stored !== null && stored[side] !== null;
    if (cleared('home_score') || cleared('away_score')) return refuse(GAME_RULES.scoreCleared);
    if ((game.home_score === null) !== (game.away_score === null)) return refuse(GAME_RULES.oneScore);
    if (game.home_score !== null) {
      const fromScores = winnerFromScores(game);
      if (fromScores === null) return refuse(OUTCOME_MESSAGES.tied(describeScore(game, names)));
      if (named != null && named !== fromScores) {
        return refuse(OUTCOME_MESSAGES.contradiction(describeScore(game, names), names(fromScores), names(named)));
      }
      game.winner_team_id = fromScores;
    } else if (named !== undefined) {
      game.winner_team_id = named;
    }
  }
  if (!game.forfeit) game.forfeit_reason = null;
  else game.forfeit_reason = game.forfeit_reason!.trim();

  const violation = gameRuleViolation(game);
  return violation ? refuse(violation) : { game, violation: null };
}

/** The rules of a game (docs/product.md#validation) that do not depend on the request: the first one the facts break, or null. */
export function gameRuleViolation(game: GameFacts): string | null {
  if (game.home_team_id === game.away_team_id) return GAME_RULES.sameTeams;
  if (game.winner_team_id !== null && game.winner_team_id !== game.home_team_id && game.winner_team_id !== game.away_team_id) {
    return GAME_RULES.winnerNotPlaying;
  }
  if (game.betting_line !== null && game.betting_line > 0 && game.betting_line_team === null) return GAME_RULES.lineWithoutSide;
  if (game.betting_line === null && game.betting_line_team !== null) return GAME_RULES.sideWithoutLine;
  return null;
}

/** The outcome part of a game, as the audit keeps it. */
export function outcomeOf(game: GameOutcome): GameOutcome {
  return Object.fromEntries(OUTCOME_KEYS.map((key) => [key, game[key]])) as unknown as GameOutcome;
}

/** docs/product.md#constants: AP poll rankings. */
export const RANKING_MIN = 1;
export const RANKING_MAX = 25;
/** docs/product.md#constants: the betting line moves in half points from 0. */
export const BETTING_LINE_STEP = 0.5;
/** No real spread comes near it; it keeps the value inside its DECIMAL(4,1) column. */
export const BETTING_LINE_MAX = 99.5;
