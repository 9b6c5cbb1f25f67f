import type { ContenderDto, ContentionDto, ContentionStatus } from '../results/dto/contention.dto';
import type { WeeklyAwardsDto } from '../results/dto/weekly-awards.dto';
import { aliveLine, awardLines, joinNames } from './standing-lines';

const contention = (scope: 'week' | 'season', statuses: [string, ContentionStatus][]): ContentionDto => ({
  scope,
  method: 'bound',
  undecided_games: 3,
  open_games: 0,
  outcomes: null,
  contenders: statuses.map(([name, status], index): ContenderDto => ({ user: { id: index + 1, name }, current: 0, max: 3, status, paths: null, more_paths: 0 })),
});

describe('joinNames', () => {
  it.each([
    [[], ''],
    [['Ann'], 'Ann'],
    [['Ann', 'Ben'], 'Ann and Ben'],
    [['Ann', 'Ben', 'Cal'], 'Ann, Ben and Cal'],
  ])('%j reads %s', (names, text) => expect(joinNames(names)).toBe(text));

  it('shows 12 names of a longer list and counts the rest', () => {
    const names = Array.from({ length: 15 }, (_, i) => `M${i + 1}`);
    expect(joinNames(names)).toBe('M1, M2, M3, M4, M5, M6, M7, M8, M9, M10, M11, M12 and 3 more');
  });
});

describe('aliveLine', () => {
  it('names who is still alive, with how many of how many', () => {
    const race = contention('season', [['Ann', 'can_win'], ['Ben', 'can_win'], ['Cal', 'can_win'], ['Dee', 'eliminated']]);
    expect(aliveLine(race, 'the season')).toBe('Still alive for the season: Ann, Ben and Cal (3 of 4)');
    const week = contention('week', [['Ann', 'can_win'], ['Ben', 'eliminated'], ['Cal', 'can_win']]);
    expect(aliveLine(week, 'week 5')).toBe('Can still win week 5: Ann and Cal (2 of 3)');
  });

  it('says so plainly when nobody is out yet', () => {
    expect(aliveLine(contention('season', [['Ann', 'can_win'], ['Ben', 'can_win']]), 'the season')).toBe('Everyone is still alive for the season.');
    expect(aliveLine(contention('week', [['Ann', 'clinched']]), 'week 5')).toBe('Everyone can still win week 5.');
  });

  it('names the winners once only clinched members are left', () => {
    expect(aliveLine(contention('week', [['Ann', 'clinched'], ['Ben', 'eliminated']]), 'week 5')).toBe('Ann has clinched week 5.');
    const shared = contention('season', [['Ann', 'clinched'], ['Ben', 'clinched'], ['Cal', 'eliminated']]);
    expect(aliveLine(shared, 'the season')).toBe('Ann and Ben have clinched a share of the season.');
  });

  it('has no line for a race without players', () => {
    expect(aliveLine(contention('season', []), 'the season')).toBeNull();
  });
});

describe('awardLines', () => {
  const base: WeeklyAwardsDto = { week: { id: 1, number: 3 }, calculated: true, perfect_week: [], contrarian: null, closest_tiebreaker: null };

  it('names each award’s winners', () => {
    const awards: WeeklyAwardsDto = {
      ...base,
      perfect_week: [{ id: 3, name: 'Cal' }],
      contrarian: { game_id: 9, matchup: 'Georgia @ Texas', team_name: 'Georgia', pickers: [{ id: 1, name: 'Ann' }, { id: 3, name: 'Cal' }], share: 33.3 },
      closest_tiebreaker: { members: [{ id: 1, name: 'Ann' }, { id: 4, name: 'Dee' }], tiebreaker_score: 1 },
    };
    expect(awardLines(awards)).toEqual([
      { label: 'Perfect week', text: 'Cal' },
      { label: 'Best contrarian pick', text: 'Ann and Cal took Georgia in Georgia @ Texas, picked by 33.3% of those who picked the game' },
      { label: 'Closest tiebreaker', text: 'Ann and Dee, off by 1 point' },
    ]);
  });

  it('says when nobody won an award', () => {
    expect(awardLines(base).map((line) => line.text)).toEqual([
      'nobody this time',
      "none; every correct pick was made by at least half of its game's pickers",
      'no tiebreaker predictions to compare',
    ]);
    const exact = { ...base, closest_tiebreaker: { members: [{ id: 2, name: 'Ben' }], tiebreaker_score: 0 } };
    expect(awardLines(exact)[2].text).toBe('Ben, exactly right');
  });
});
