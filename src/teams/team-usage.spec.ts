import { conferenceInUseMessage, teamInUseMessage } from './team-usage';

describe('conferenceInUseMessage', () => {
  it.each([
    [0, null],
    [1, 'Conference ACC still has 1 team'],
    [14, 'Conference ACC still has 14 teams'],
  ])('with %i teams says %j', (teams, expected) => {
    expect(conferenceInUseMessage('ACC', teams)).toBe(expected);
  });
});

describe('teamInUseMessage', () => {
  it.each([
    [{ games: 0, picks: 0, favorites: 0 }, null],
    [{ games: 1, picks: 0, favorites: 0 }, 'Team Clemson is still used by 1 game'],
    [{ games: 3, picks: 12, favorites: 0 }, 'Team Clemson is still used by 3 games and 12 picks'],
    [{ games: 0, picks: 0, favorites: 1 }, 'Team Clemson is still used by 1 member as their favorite team'],
    [{ games: 2, picks: 1, favorites: 4 }, 'Team Clemson is still used by 2 games, 1 pick and 4 members as their favorite team'],
  ])('for %j says %j', (usage, expected) => {
    expect(teamInUseMessage('Clemson', usage)).toBe(expected);
  });
});
