import { favourite, OracleContest, OracleGame, OracleRules, OracleWeek, pickOutcome, reusePeriod, runContest } from './survivor-oracle';

const RULES: OracleRules = { pick_mode: 'winner', reuse: 'never', lives: 1, ties: 'win', missed: 'loss', all_lose: 'stay_alive' };
const KICKOFF = new Date('2026-09-05T16:00:00Z');

/** Game `id` of week `week`: home team 100 + id against away team 200 + id; the home team wins unless told otherwise. */
const game = (id: number, fields: Partial<OracleGame> = {}): OracleGame => ({
  id,
  status: 'completed',
  home_team_id: 100 + id,
  away_team_id: 200 + id,
  winner_team_id: 100 + id,
  home_score: null,
  away_score: null,
  betting_line: null,
  betting_line_team: null,
  game_date: KICKOFF,
  ...fields,
});
const week = (number: number, games: OracleGame[]): OracleWeek => ({ id: 10 + number, number, games });
const pick = (user_id: number, weekNumber: number, game_id: number, team_id: number) => ({ user_id, week_id: 10 + weekNumber, game_id, team_id });
const contest = (fields: Partial<OracleContest>): OracleContest => ({ rules: RULES, entrants: [1, 2, 3], weeks: [], lastWeekNumber: 10, picks: [], ...fields });
const summary = (result: ReturnType<typeof runContest>) => result.rows.map((row) => `${row.week_number}:${row.user_id}:${row.outcome}:${row.lives_left}:${row.alive ? 'in' : 'out'}`);

describe('survivor oracle', () => {
  it('scores a pick straight up and against the spread, a cancelled game winning', () => {
    const spread: OracleRules = { ...RULES, pick_mode: 'spread' };
    const g = game(1, { home_score: 24, away_score: 21, betting_line: 3, betting_line_team: 'home' });
    expect(pickOutcome(RULES, g, 101)).toBe('win');
    expect(pickOutcome(RULES, g, 201)).toBe('loss');
    expect(pickOutcome(spread, g, 101)).toBe('push');
    expect(pickOutcome(spread, { ...g, betting_line: 2.5 }, 101)).toBe('win');
    expect(pickOutcome(spread, { ...g, betting_line: 3.5 }, 101)).toBe('loss');
    expect(pickOutcome(spread, { ...g, betting_line: 3.5 }, 201)).toBe('win');
    expect(pickOutcome(RULES, game(2, { status: 'cancelled', winner_team_id: null }), 202)).toBe('win');
  });

  it('splits the season into halves by its last week number, rounded up', () => {
    const half = { ...RULES, reuse: 'half' as const };
    expect([1, 7, 8, 13].map((n) => reusePeriod(half, n, 13))).toEqual([1, 1, 2, 2]);
    expect(reusePeriod(RULES, 13, 13)).toBe(0);
  });

  it('eliminates a loser with one life and ends when one entrant is left', () => {
    const result = runContest(
      contest({
        weeks: [week(1, [game(1), game(2)]), week(2, [game(3)]), week(3, [game(4)])],
        picks: [pick(1, 1, 1, 101), pick(2, 1, 1, 201), pick(3, 1, 2, 102), pick(1, 2, 3, 103), pick(3, 2, 3, 203)],
      }),
    );
    expect(summary(result)).toEqual(['1:1:win:1:in', '1:2:loss:0:out', '1:3:win:1:in', '2:1:win:1:in', '2:3:loss:0:out']);
    expect(result).toMatchObject({ weeks_calculated: 2, alive_count: 1, finished: true, winners: [1] });
  });

  it('counts a push as a loss only under ties: loss, and a missed week as a loss', () => {
    const pushed = game(1, { home_score: 24, away_score: 21, betting_line: 3, betting_line_team: 'home' });
    const weeks = [week(1, [pushed, game(2)]), week(2, [game(3)])];
    const picks = [pick(1, 1, 1, 101), pick(2, 1, 2, 102)];
    const lenient = runContest(contest({ rules: { ...RULES, pick_mode: 'spread', lives: 2 }, weeks, picks }));
    expect(summary(lenient).slice(0, 3)).toEqual(['1:1:push:2:in', '1:2:win:2:in', '1:3:missed:1:in']);
    const strict = runContest(contest({ rules: { ...RULES, pick_mode: 'spread', lives: 2, ties: 'loss' }, weeks, picks }));
    expect(summary(strict).slice(0, 3)).toEqual(['1:1:push:1:in', '1:2:win:2:in', '1:3:missed:1:in']);
  });

  it('lets everyone stay alive when all would be out, or has them share the win', () => {
    const weeks = [week(1, [game(1)]), week(2, [game(2)])];
    const picks = [pick(1, 1, 1, 201), pick(2, 1, 1, 201)];
    const stay = runContest(contest({ entrants: [1, 2], weeks, picks }));
    expect(stay.rows.slice(0, 2).map((row) => [row.all_lost, row.lives_lost, row.alive, row.weeks_survived])).toEqual([
      [true, 0, true, 1],
      [true, 0, true, 1],
    ]);
    expect(stay.finished).toBe(false);
    const share = runContest(contest({ entrants: [1, 2], rules: { ...RULES, all_lose: 'share_win' }, weeks, picks }));
    expect(summary(share)).toEqual(['1:1:loss:0:out', '1:2:loss:0:out']);
    expect(share).toMatchObject({ finished: true, alive_count: 0, winners: [1, 2], weeks_calculated: 1 });
  });

  it('does not apply the all-lose rule while someone survives on a spare life', () => {
    const result = runContest(contest({ entrants: [1, 2], rules: { ...RULES, lives: 2 }, weeks: [week(1, [game(1)])], picks: [pick(2, 1, 1, 201)] }));
    expect(summary(result)).toEqual(['1:1:missed:1:in', '1:2:loss:1:in']);
    expect(result.rows.every((row) => !row.all_lost)).toBe(true);
  });

  it('assigns the biggest favourite still available for a missed week, earlier kickoff then lower id on equal lines', () => {
    const early = new Date(KICKOFF.getTime() - 3600_000);
    const games = [
      game(1, { betting_line: 7, betting_line_team: 'home' }),
      game(2, { betting_line: 7, betting_line_team: 'away', game_date: early, winner_team_id: 202 }),
      game(3, { betting_line: 10, betting_line_team: 'home', status: 'cancelled', winner_team_id: null }),
      game(4, { betting_line: 3, betting_line_team: 'home' }),
    ];
    expect(favourite(week(1, games), new Set())).toEqual({ game_id: 2, team_id: 202 });
    expect(favourite(week(1, games), new Set([202]))).toEqual({ game_id: 1, team_id: 101 });
    expect(favourite(week(1, [game(5)]), new Set())).toBeNull();
    // Entrant 1 used team 202 in week 3 (a pick made ahead): week 1's favourite for them is the next one.
    const result = runContest(
      contest({
        entrants: [1, 2],
        rules: { ...RULES, missed: 'favourite' },
        weeks: [week(1, games), week(2, [game(6)]), week(3, [game(7, { home_team_id: 202, away_team_id: 207, winner_team_id: 202 })])],
        picks: [pick(1, 3, 7, 202)],
      }),
    );
    expect(result.assigned.filter((a) => a.week_id === 11)).toEqual([
      { user_id: 1, week_id: 11, game_id: 1, team_id: 101 },
      { user_id: 2, week_id: 11, game_id: 2, team_id: 202 },
    ]);
    expect(result.rows.filter((row) => row.week_number === 2).map((row) => row.outcome)).toEqual(['missed', 'missed']);
  });

  it('stops at the first incomplete week and ends at the season last week', () => {
    const open = week(2, [game(3, { status: 'scheduled', winner_team_id: null })]);
    const stopped = runContest(contest({ weeks: [week(1, [game(1)]), open, week(3, [game(4)])], picks: [pick(1, 1, 1, 101), pick(2, 1, 1, 101), pick(3, 1, 1, 101)] }));
    expect(stopped).toMatchObject({ weeks_calculated: 1, finished: false, alive_count: 3 });
    const last = runContest(contest({ lastWeekNumber: 1, weeks: [week(1, [game(1)])], picks: [pick(1, 1, 1, 101), pick(2, 1, 1, 101)] }));
    expect(last).toMatchObject({ weeks_calculated: 1, finished: true, alive_count: 2, winners: [1, 2] });
  });
});
