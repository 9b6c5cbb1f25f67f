import { GAME_RULES, GameFacts, gameRuleViolation, settledWinner, winnerFromScores } from './game-rules';

const HOME = 10;
const AWAY = 20;
const game = (fields: Partial<GameFacts> = {}): GameFacts => ({
  home_team_id: HOME,
  away_team_id: AWAY,
  winner_team_id: null,
  status: 'scheduled',
  home_score: null,
  away_score: null,
  betting_line: null,
  betting_line_team: null,
  ...fields,
});

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

describe('settledWinner', () => {
  const final = game({ status: 'completed', home_score: 28, away_score: 21 });

  it('keeps a winner named in the request, even against the scores (a forfeit)', () => {
    expect(settledWinner({ ...final, winner_team_id: AWAY }, { winner_team_id: AWAY })).toBe(AWAY);
  });

  it.each([
    ['scores recorded', { home_score: 28, away_score: 21 }],
    ['status set to completed', { status: 'completed' }],
    ['winner explicitly cleared', { winner_team_id: null }],
    ['nothing about the outcome, no winner stored', {}],
  ] as const)('takes the higher score when %s', (_label, change) => {
    expect(settledWinner(final, change)).toBe(HOME);
  });

  it('follows corrected scores instead of the stored winner', () => {
    expect(settledWinner({ ...final, home_score: 10, winner_team_id: HOME }, { home_score: 10 })).toBe(AWAY);
  });

  it('keeps a stored winner when the request leaves the outcome alone', () => {
    expect(settledWinner({ ...final, winner_team_id: AWAY }, {})).toBe(AWAY);
  });

  it('leaves the winner alone while the scores decide nothing', () => {
    expect(settledWinner(game({ winner_team_id: HOME }), { home_score: 3 })).toBe(HOME);
    expect(settledWinner(game({ status: 'completed', home_score: 7, away_score: 7 }), { status: 'completed' })).toBeNull();
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
    [{ status: 'completed', home_score: 17, away_score: 17 }, GAME_RULES.tiedWithoutWinner],
    [{ status: 'completed', home_score: 17, away_score: 17, winner_team_id: HOME }, null],
    [{ status: 'in_progress', home_score: 17, away_score: 17 }, null],
    [{ status: 'scheduled', winner_team_id: HOME }, null],
  ] as const)('%j -> %s', (fields, violation) => {
    expect(gameRuleViolation(game(fields))).toBe(violation);
  });
});
