import { changeTexts, counterText, matchesFilters, NO_FILTERS, previewLineText, takeBiggest, weeklyRuleWarning } from './importRules';
import { previewGame, saturdayAt, team, weekGames } from './importFixtures';

describe('the import preview rules', () => {
  it('takes the biggest games: both ranked by the sum, then one ranked by its rank, FBS vs FBS first, then kickoff', () => {
    const taken = takeBiggest(weekGames(), 8);
    expect([...taken.selected]).toEqual(['A', 'B', 'D', 'E', 'H', 'C', 'M', 'G']);
    expect(taken.tiebreaker).toBe('A');
    // Never a game with a team outside the pool, one the provider dropped, or a cancelled one.
    expect(takeBiggest(weekGames(), 50).selected).toEqual(new Set(['A', 'B', 'C', 'D', 'E', 'G', 'H', 'L', 'M']));
    expect(takeBiggest(weekGames(true), 50).selected.has('F')).toBe(true);
  });

  it('puts FBS vs FBS before the others at the same rank, then the earlier kickoff', () => {
    const early = previewGame('early', team('Idaho', { classification: 'fcs' }), team('Oregon', { rank: 7 }), { game_date: saturdayAt(9) });
    const fbs = previewGame('fbs', team('Boise State'), team('Oregon', { rank: 7 }), { game_date: saturdayAt(21) });
    const later = previewGame('later', team('Boise State'), team('Oregon', { rank: 7 }), { game_date: saturdayAt(22) });
    expect([...takeBiggest([later, early, fbs], 3).selected]).toEqual(['fbs', 'later', 'early']);
  });

  it('filters ranked games, FBS vs FBS games and a conference', () => {
    const keys = (filters: typeof NO_FILTERS) => weekGames().filter((game) => matchesFilters(game, filters)).map((game) => game.key);
    expect(keys({ ...NO_FILTERS, rankedOnly: true })).toEqual(['A', 'B', 'C', 'D', 'E', 'H', 'X']);
    expect(keys({ ...NO_FILTERS, fbsOnly: true })).toEqual(['A', 'B', 'C', 'D', 'E', 'G', 'M', 'game:77', 'X']);
    expect(keys({ ...NO_FILTERS, conference: 'SEC' })).toEqual(['A', 'B', 'C', 'E']);
  });

  it('writes lines and changes as a person reads them', () => {
    const [texas, ohioState] = [team('Texas', { rank: 1 }), team('Ohio State', { rank: 3 })];
    expect(previewLineText(7.5, 'away', { home: ohioState, away: texas })).toBe('Texas \u22127.5');
    expect(previewLineText(0, null, { home: ohioState, away: texas })).toBe("Pick'em");
    expect(previewLineText(null, null, { home: ohioState, away: texas })).toBeNull();
    const game = previewGame('A', texas, ohioState, {
      change: 'changed',
      betting_line: 7.5,
      betting_line_team: 'away',
      changes: [
        { field: 'game_date', from: saturdayAt(15, 30), to: saturdayAt(19, 30) },
        { field: 'betting_line', from: 7, to: 7.5 },
        { field: 'home_team_ranking', from: 3, to: 2 },
      ],
    });
    expect(changeTexts(game)).toEqual(['kickoff Sat 3:30 PM → Sat 7:30 PM', 'Ohio State rank #3 → #2', 'line Texas \u22127 → \u22127.5']);
    const flipped = { ...game, changes: [{ field: 'betting_line_team' as const, from: 'home', to: 'away' }] };
    expect(changeTexts(flipped)).toEqual(['line Ohio State \u22127.5 → Texas \u22127.5']);
  });

  it('counts the selection against the weekly e-mail rule', () => {
    const [a] = weekGames();
    expect(counterText(10, a)).toBe('10 games selected · tiebreaker: Texas @ Ohio State');
    expect(counterText(1, null)).toBe('1 game selected · no tiebreaker');
    expect(weeklyRuleWarning(10, true)).toBeNull();
    expect(weeklyRuleWarning(8, true, 8)).toBeNull();
    expect(weeklyRuleWarning(10, true, 8)).toBe('The weekly e-mail needs exactly 8 games and 1 tiebreaker; this selection has 10 games and 1 tiebreaker.');
    expect(weeklyRuleWarning(23, true, null)).toBeNull();
    expect(weeklyRuleWarning(23, false, null)).toBe('The weekly e-mail needs at least 1 game and 1 tiebreaker; this selection has 23 games and no tiebreaker.');
    expect(weeklyRuleWarning(9, true)).toMatch(/exactly 10 games and 1 tiebreaker; this selection has 9 games and 1 tiebreaker/);
    expect(weeklyRuleWarning(10, false)).toMatch(/10 games and no tiebreaker/);
  });
});
