import { compareRecords, compareSeasonRecords, rank, scoreSeason, scoreWeek, ScoredGame, ScoredPick, tiebreakerScore, winPercentage } from './scoring-oracle';

const game = (id: number, fields: Partial<ScoredGame> = {}): ScoredGame => ({
  id,
  status: 'completed',
  winner_team_id: 100 + id,
  is_tiebreaker: false,
  home_score: null,
  away_score: null,
  ...fields,
});
const pick = (user_id: number, game_id: number, team: number, tb: [number, number] | null = null): ScoredPick => ({
  user_id,
  game_id,
  selected_team_id: team,
  tiebreaker_home_score: tb?.[0] ?? null,
  tiebreaker_away_score: tb?.[1] ?? null,
});

describe('the scoring rules', () => {
  it.each([
    [7, 10, 70],
    [2, 3, 66.7],
    [1, 3, 33.3],
    [0, 10, 0],
    [0, 0, 0],
  ])('win percentage of %i out of %i is %d', (wins, total, expected) => {
    expect(winPercentage(wins, total)).toBe(expected);
  });

  it('measures the tiebreaker as the distance of both predicted scores from the final score', () => {
    expect(tiebreakerScore({ home: 24, away: 17 }, { home: 28, away: 14 })).toBe(7);
    expect(tiebreakerScore({ home: 28, away: 14 }, { home: 28, away: 14 })).toBe(0);
    expect(tiebreakerScore({ home: null, away: 17 }, { home: 28, away: 14 })).toBeNull();
    expect(tiebreakerScore({ home: 24, away: 17 }, { home: null, away: null })).toBeNull();
  });

  it('counts unpicked games as losses, ignores cancelled games and scores the tiebreaker', () => {
    const games = [game(1), game(2), game(3, { status: 'cancelled', winner_team_id: null }), game(4, { is_tiebreaker: true, home_score: 31, away_score: 20 })];
    const records = scoreWeek(games, [
      pick(1, 1, 101),
      pick(1, 2, 999),
      pick(1, 3, 103),
      pick(1, 4, 104, [30, 21]),
      // Member 2 skipped game 2 and the tiebreaker prediction.
      pick(2, 1, 101),
      pick(2, 4, 104),
    ]);
    expect(records).toEqual([
      { user_id: 1, wins: 2, losses: 1, total_games: 3, win_percentage: 66.7, tiebreaker_score: 2 },
      { user_id: 2, wins: 2, losses: 1, total_games: 3, win_percentage: 66.7, tiebreaker_score: null },
    ]);
  });

  it('orders by wins, then tiebreaker ascending with missing last, then fewer losses, sharing ranks (1, 2, 2, 4)', () => {
    const rows = [
      { id: 'a', wins: 6, losses: 4, tiebreaker: null },
      { id: 'b', wins: 8, losses: 2, tiebreaker: 10 },
      { id: 'c', wins: 6, losses: 4, tiebreaker: 3 },
      { id: 'd', wins: 6, losses: 4, tiebreaker: 3 },
      { id: 'e', wins: 6, losses: 3, tiebreaker: null },
    ];
    expect(rank(rows, compareRecords).map((row) => [row.id, row.rank])).toEqual([
      ['b', 1],
      ['c', 2],
      ['d', 2],
      ['e', 4],
      ['a', 5],
    ]);
  });

  it('sums a season from the weekly records and ranks members without any tiebreaker last among equal wins', () => {
    const season = scoreSeason([
      { user_id: 1, wins: 7, losses: 3, total_games: 10, win_percentage: 70, tiebreaker_score: 5 },
      { user_id: 1, wins: 6, losses: 4, total_games: 10, win_percentage: 60, tiebreaker_score: null },
      { user_id: 2, wins: 13, losses: 7, total_games: 20, win_percentage: 65, tiebreaker_score: null },
      { user_id: 2, wins: 0, losses: 0, total_games: 0, win_percentage: 0, tiebreaker_score: null },
    ]);
    expect(season[0]).toEqual({
      user_id: 1,
      total_wins: 13,
      total_losses: 7,
      total_games: 20,
      win_percentage: 65,
      weeks_participated: 2,
      total_tiebreaker_score: 5,
      avg_tiebreaker_score: 5,
    });
    expect(season[1].avg_tiebreaker_score).toBeNull();
    expect(rank(season, compareSeasonRecords).map((row) => [row.user_id, row.rank])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });
});
