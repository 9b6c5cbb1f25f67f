import { GAME_RULES, GameFacts, gameRuleViolation, OutcomeChange, settleGame, winnerFromScores } from './game-rules';

const HOME = 10;
const AWAY = 20;
const NAMES: Record<number, string> = { [HOME]: 'Ohio State', [AWAY]: 'Rutgers' };
const names = (id: number) => NAMES[id] ?? `team ${id}`;
const game = (fields: Partial<GameFacts> = {}): GameFacts => ({
  home_team_id: HOME,
  away_team_id: AWAY,
  winner_team_id: null,
  status: 'scheduled',
  home_score: null,
  away_score: null,
  forfeit: false,
  forfeit_reason: null,
  betting_line: null,
  betting_line_team: null,
  ...fields,
});

/** The stored game with the request applied, settled as the service does. */
const settle = (stored: GameFacts | null, change: OutcomeChange) => settleGame(stored, { ...(stored ?? game()), ...change }, change, names);
const settled = (stored: GameFacts | null, change: OutcomeChange) => {
  const result = settle(stored, change);
  if (result.violation !== null) throw new Error(`refused: ${result.violation}`);
  return result.game;
};
const refusal = (stored: GameFacts | null, change: OutcomeChange) => settle(stored, change).violation;

describe('winnerFromScores', () => {
  it.each([
    [{ status: 'completed', home_score: 28, away_score: 21 }, HOME],
    [{ status: 'completed', home_score: 0, away_score: 3 }, AWAY],
    [{ status: 'completed', home_score: 14, away_score: 14 }, null],
    [{ status: 'completed', home_score: 14, away_score: null }, null],
    [{ status: 'completed', home_score: null, away_score: null }, null],
    [{ status: 'in_progress', home_score: 28, away_score: 21 }, null],
    [{ status: 'scheduled', home_score: 28, away_score: 21 }, null],
    [{ status: 'cancelled', home_score: 28, away_score: 21 }, null],
  ] as const)('%j -> %s', (fields, winner) => {
    expect(winnerFromScores(game(fields))).toBe(winner);
  });
});

describe('settleGame: the winner follows the score', () => {
  const final = game({ status: 'completed', home_score: 42, away_score: 26, winner_team_id: HOME });

  it('re-derives the winner from corrected scores when the stored winner is sent back (an edit form)', () => {
    expect(settled(final, { home_score: 42, away_score: 45, winner_team_id: HOME, status: 'completed' }).winner_team_id).toBe(AWAY);
  });

  it('takes the higher score when the scores are recorded, the status is completed or the winner cleared', () => {
    expect(settled(game(), { status: 'completed', home_score: 28, away_score: 21 }).winner_team_id).toBe(HOME);
    expect(settled(game({ status: 'in_progress', home_score: 3, away_score: 7 }), { status: 'completed' }).winner_team_id).toBe(AWAY);
    expect(settled(final, { winner_team_id: null }).winner_team_id).toBe(HOME);
  });

  it('accepts a named winner that agrees with the score', () => {
    expect(settled(null, { status: 'completed', home_score: 28, away_score: 21, winner_team_id: HOME }).winner_team_id).toBe(HOME);
  });

  it('refuses a named winner that contradicts the score, naming the teams, the score and the forfeit', () => {
    expect(refusal(final, { winner_team_id: AWAY })).toBe(
      'The score is Ohio State 42, Rutgers 26, so the winner is Ohio State, not Rutgers. ' +
        'Correct the score, or to award the game to Rutgers anyway, set forfeit to true with a forfeit_reason.',
    );
  });

  it('refuses a tied final, with or without a winner, unless it is a forfeit', () => {
    const tied = "The score is tied (Ohio State 24, Rutgers 24) and a completed game cannot end tied. Correct the score, or award the game to one team: set forfeit to true with a forfeit_reason and winner_team_id.";
    expect(refusal(null, { status: 'completed', home_score: 24, away_score: 24 })).toBe(tied);
    expect(refusal(null, { status: 'completed', home_score: 24, away_score: 24, winner_team_id: HOME })).toBe(tied);
    expect(settled(null, { status: 'completed', home_score: 24, away_score: 24, winner_team_id: HOME, forfeit: true, forfeit_reason: 'Ineligible player' }).winner_team_id).toBe(HOME);
  });

  it('keeps the winner given to a completed game without scores', () => {
    expect(settled(game({ status: 'completed', winner_team_id: HOME }), { winner_team_id: AWAY }).winner_team_id).toBe(AWAY);
    expect(settled(game({ status: 'completed', winner_team_id: HOME }), {}).winner_team_id).toBe(HOME);
  });

  it('refuses one score on a completed game, and clearing the score of a completed game', () => {
    expect(refusal(game({ status: 'completed' }), { home_score: 3 })).toBe(GAME_RULES.oneScore);
    expect(refusal(final, { home_score: null })).toBe(GAME_RULES.scoreCleared);
    expect(refusal(final, { home_score: null, away_score: null })).toBe(GAME_RULES.scoreCleared);
    expect(settled(final, { status: 'scheduled', home_score: null, away_score: null })).toEqual(expect.objectContaining({ status: 'scheduled', winner_team_id: null }));
  });
});

describe('settleGame: status', () => {
  it.each<[string, GameFacts | null, OutcomeChange, string]>([
    ['both scores on a new game', null, { home_score: 21, away_score: 14 }, 'completed'],
    ['both scores on a scheduled game', game(), { home_score: 21, away_score: 14 }, 'completed'],
    ['both scores with the scheduled status sent back', game(), { home_score: 21, away_score: 14, status: 'scheduled' }, 'completed'],
    ['the second score', game({ home_score: 21 }), { away_score: 14 }, 'completed'],
    ['both scores on a game in progress, no status named', game({ status: 'in_progress', home_score: 7, away_score: 0 }), { home_score: 21, away_score: 14 }, 'completed'],
    ['both scores on a cancelled game, no status named', game({ status: 'cancelled' }), { home_score: 21, away_score: 14 }, 'completed'],
    ['live scores named in_progress', game(), { home_score: 21, away_score: 14, status: 'in_progress' }, 'in_progress'],
    ['scores with cancelled named', game(), { home_score: 21, away_score: 14, status: 'cancelled' }, 'cancelled'],
    ['one score', game(), { home_score: 21 }, 'scheduled'],
    ['a forfeit', game(), { forfeit: true, forfeit_reason: 'Could not travel', winner_team_id: AWAY }, 'completed'],
    ['no score in the request', game({ home_score: 21, away_score: 14 }), { name: 'x' } as OutcomeChange, 'scheduled'],
  ])('%s -> %s', (_label, stored, change, status) => {
    expect(settled(stored, change).status).toBe(status);
  });

  it('gives a game that is not completed no winner, and refuses one named for it', () => {
    expect(settled(game(), { status: 'in_progress', home_score: 14, away_score: 3 }).winner_team_id).toBeNull();
    expect(settled(game({ status: 'completed', home_score: 14, away_score: 3, winner_team_id: HOME }), { status: 'in_progress', winner_team_id: HOME }).winner_team_id).toBeNull();
    expect(refusal(game(), { winner_team_id: AWAY })).toBe(GAME_RULES.winnerNotCompleted);
  });
});

describe('settleGame: forfeit', () => {
  const final = game({ status: 'completed', home_score: 28, away_score: 21, winner_team_id: HOME });

  it('awards a winner against the score with a reason, and keeps it through later edits', () => {
    const awarded = settled(final, { forfeit: true, forfeit_reason: '  Ineligible player ', winner_team_id: AWAY });
    expect(awarded).toEqual(expect.objectContaining({ winner_team_id: AWAY, forfeit: true, forfeit_reason: 'Ineligible player' }));
    expect(settled(awarded, { home_score: 35, winner_team_id: AWAY, forfeit: true }).winner_team_id).toBe(AWAY);
  });

  it('gives the winner back to the score, and drops the reason, when the forfeit is lifted', () => {
    const awarded = game({ ...final, forfeit: true, forfeit_reason: 'x', winner_team_id: AWAY });
    expect(settled(awarded, { forfeit: false, forfeit_reason: 'x', winner_team_id: AWAY })).toEqual(
      expect.objectContaining({ winner_team_id: HOME, forfeit: false, forfeit_reason: null }),
    );
  });

  it.each<[string, GameFacts, OutcomeChange, string]>([
    ['no reason', final, { forfeit: true, winner_team_id: AWAY }, GAME_RULES.forfeitWithoutReason],
    ['a blank reason', final, { forfeit: true, forfeit_reason: '   ', winner_team_id: AWAY }, GAME_RULES.forfeitWithoutReason],
    ['no winner', game(), { forfeit: true, forfeit_reason: 'x' }, GAME_RULES.forfeitWithoutWinner],
    ['a status that is not completed', game(), { forfeit: true, forfeit_reason: 'x', winner_team_id: AWAY, status: 'in_progress' }, GAME_RULES.forfeitNotCompleted],
    ['a winner not playing', final, { forfeit: true, forfeit_reason: 'x', winner_team_id: 99 }, GAME_RULES.winnerNotPlaying],
    ['one score cleared', final, { forfeit: true, forfeit_reason: 'x', winner_team_id: AWAY, home_score: null }, GAME_RULES.oneScore],
  ])('refuses a forfeit with %s', (_label, stored, change, message) => {
    expect(refusal(stored, change)).toBe(message);
  });
});

describe('gameRuleViolation', () => {
  it.each([
    [{}, null],
    [{ away_team_id: HOME }, GAME_RULES.sameTeams],
    [{ winner_team_id: 99 }, GAME_RULES.winnerNotPlaying],
    [{ winner_team_id: AWAY }, null],
    [{ betting_line: 3.5 }, GAME_RULES.lineWithoutSide],
    [{ betting_line: 3.5, betting_line_team: 'home' }, null],
    [{ betting_line: 0 }, null],
    [{ betting_line_team: 'away' }, GAME_RULES.sideWithoutLine],
  ] as const)('%j -> %s', (fields, violation) => {
    expect(gameRuleViolation(game(fields))).toBe(violation);
  });
});
