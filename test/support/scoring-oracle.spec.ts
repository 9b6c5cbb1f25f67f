import { DEFAULT_RULES, SeasonRules } from '../../src/seasons/season-rules';
import {
  compareRecords,
  isCorrect,
  rank,
  rankSeason,
  rankWeek,
  scoreSeason,
  scoreWeek,
  ScoredGame,
  ScoredPick,
  SeasonWeekRecord,
  tiebreakerScore,
  winPercentage,
} from './scoring-oracle';

/** Game `id` is home team 100 + id against away team 200 + id; the home team wins unless told otherwise. */
const game = (id: number, fields: Partial<ScoredGame> = {}): ScoredGame => ({
  id,
  status: 'completed',
  home_team_id: 100 + id,
  away_team_id: 200 + id,
  winner_team_id: 100 + id,
  is_tiebreaker: false,
  home_score: null,
  away_score: null,
  betting_line: null,
  betting_line_team: null,
  ...fields,
});
const pick = (user_id: number, game_id: number, team: number, tb: [number, number] | null = null, fields: Partial<ScoredPick> = {}): ScoredPick => ({
  user_id,
  game_id,
  selected_team_id: team,
  tiebreaker_home_score: tb?.[0] ?? null,
  tiebreaker_away_score: tb?.[1] ?? null,
  confidence: null,
  is_lock: false,
  ...fields,
});
const rules = (fields: Partial<SeasonRules>): SeasonRules => ({ ...DEFAULT_RULES, ...fields });
/** A member's week in a season, from the fields that matter to the standings. */
const week = (user_id: number, week_id: number, fields: Partial<SeasonWeekRecord>): SeasonWeekRecord => ({
  user_id,
  week_id,
  wins: 0,
  losses: 0,
  total_games: 0,
  pushes: 0,
  points: 0,
  win_percentage: 0,
  tiebreaker_score: null,
  ...fields,
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
      { user_id: 1, wins: 2, losses: 1, total_games: 3, pushes: 0, points: 2, win_percentage: 66.7, tiebreaker_score: 2 },
      { user_id: 2, wins: 2, losses: 1, total_games: 3, pushes: 0, points: 2, win_percentage: 66.7, tiebreaker_score: null },
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
      week(1, 1, { wins: 7, losses: 3, total_games: 10, points: 7, win_percentage: 70, tiebreaker_score: 5 }),
      week(1, 2, { wins: 6, losses: 4, total_games: 10, points: 6, win_percentage: 60 }),
      week(2, 1, { wins: 13, losses: 7, total_games: 20, points: 13, win_percentage: 65 }),
      week(2, 2, {}),
    ]);
    expect(season[0]).toEqual({
      user_id: 1,
      total_wins: 13,
      total_losses: 7,
      total_games: 20,
      total_pushes: 0,
      total_points: 13,
      win_percentage: 65,
      weeks_participated: 2,
      weeks_dropped: 0,
      total_tiebreaker_score: 5,
      avg_tiebreaker_score: 5,
    });
    expect(season[1].avg_tiebreaker_score).toBeNull();
    expect(rankSeason(season).map((row) => [row.user_id, row.rank])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  describe('pool formats (docs/pool-formats.md#results)', () => {
    // Game 1 lands on its line: the home favourite by 7 wins 28–21.
    const spreadGames = [
      game(1, { home_score: 28, away_score: 21, betting_line: 7, betting_line_team: 'home' }),
      // The away favourite (3.5) wins by 3: the home side covers although it lost.
      game(2, { home_score: 17, away_score: 20, winner_team_id: 202, betting_line: 3.5, betting_line_team: 'away' }),
      // No line: the winner covers.
      game(3, { home_score: 10, away_score: 3 }),
      // A forfeit, decided without scores: the winner covers.
      game(4, { winner_team_id: 204 }),
      game(5, { status: 'cancelled', winner_team_id: null }),
    ];
    const everyHome = spreadGames.map((g) => pick(1, g.id, g.home_team_id));

    it.each([
      ['loss', { wins: 2, losses: 2, total_games: 4, pushes: 1, points: 2, win_percentage: 50 }, false],
      ['half', { wins: 2, losses: 1, total_games: 4, pushes: 1, points: 2.5, win_percentage: 62.5 }, null],
      ['void', { wins: 2, losses: 1, total_games: 3, pushes: 1, points: 2, win_percentage: 66.7 }, null],
    ] as const)('scores against the spread with pushes as %s', (push_rule, expected, pushCorrect) => {
      const spread = rules({ pick_mode: 'spread', push_rule });
      expect(scoreWeek(spreadGames, everyHome, spread)).toEqual([{ user_id: 1, tiebreaker_score: null, ...expected }]);
      expect(spreadGames.map((g, i) => isCorrect(g, everyHome[i], spread))).toEqual([pushCorrect, true, true, false, null]);
    });

    it('reads the same games by their winners outside a spread season', () => {
      expect(scoreWeek(spreadGames, everyHome)).toEqual([
        { user_id: 1, wins: 2, losses: 2, total_games: 4, pushes: 0, points: 2, win_percentage: 50, tiebreaker_score: null },
      ]);
      expect(spreadGames.map((g, i) => isCorrect(g, everyHome[i]))).toEqual([true, false, true, false, null]);
    });

    it('weighs correct picks by confidence points and doubles the lock; a lock on a cancelled game is void', () => {
      const games = [game(1), game(2), game(3), game(4, { status: 'cancelled', winner_team_id: null })];
      const picks = [
        pick(1, 1, 101, null, { confidence: 3 }),
        pick(1, 2, 102, null, { confidence: 1, is_lock: true }),
        pick(1, 3, 999, null, { confidence: 2 }),
        pick(2, 1, 101, null, { confidence: 1 }),
        pick(2, 4, 104, null, { confidence: 3, is_lock: true }),
      ];
      const records = scoreWeek(games, picks, rules({ confidence_points: true, lock_of_week: true }));
      expect(records.map((r) => [r.user_id, r.points, r.wins, r.losses, r.total_games])).toEqual([
        [1, 5, 2, 1, 3],
        [2, 1, 1, 2, 3],
      ]);
      expect(scoreWeek(games, picks, rules({ lock_of_week: true })).map((r) => r.points)).toEqual([3, 1]);
    });

    it('ranks a week by points, sharing equal points under weekly_ties shared', () => {
      const games = [game(1, { is_tiebreaker: true, home_score: 20, away_score: 10 }), game(2)];
      const picks = [pick(1, 1, 101, [20, 10]), pick(2, 1, 101, [30, 10]), pick(3, 2, 102)];
      expect(rankWeek(scoreWeek(games, picks)).map((r) => [r.user_id, r.rank])).toEqual([
        [1, 1],
        [2, 2],
        [3, 3],
      ]);
      expect(rankWeek(scoreWeek(games, picks), rules({ weekly_ties: 'shared' })).map((r) => [r.user_id, r.rank])).toEqual([
        [1, 1],
        [2, 1],
        [3, 1],
      ]);
    });

    // Member 1 played weeks 1–3 (5, 2, 2 points); member 2 played week 2 only (4 points); week 4 no one.
    const weeks = [
      week(1, 1, { wins: 5, losses: 1, total_games: 6, points: 5 }),
      week(1, 2, { wins: 2, losses: 4, total_games: 6, points: 2, tiebreaker_score: 3 }),
      week(1, 3, { wins: 2, losses: 4, total_games: 6, points: 2, tiebreaker_score: 7 }),
      week(2, 2, { wins: 4, losses: 2, total_games: 6, points: 4 }),
    ];
    const scored = [1, 2, 3];

    it('drops missed weeks first, then the worst played weeks (the earlier among equals), keeping a played week', () => {
      const [one, two] = scoreSeason(weeks, rules({ drop_worst_weeks: 1 }), scored);
      // Member 1 drops week 2 (2 points, before week 3); member 2 drops a missed week.
      expect(one).toMatchObject({ total_points: 7, total_wins: 7, total_losses: 5, total_games: 12, weeks_dropped: 1, weeks_participated: 3, total_tiebreaker_score: 7 });
      expect(two).toMatchObject({ total_points: 4, weeks_dropped: 1, weeks_participated: 1 });
      const [one3, two3] = scoreSeason(weeks, rules({ drop_worst_weeks: 3 }), scored);
      // At most |S| − 1 = 2 weeks: member 1 keeps week 1, member 2 drops both missed weeks and keeps week 2.
      expect(one3).toMatchObject({ total_points: 5, weeks_dropped: 2, avg_tiebreaker_score: null });
      expect(two3).toMatchObject({ total_points: 4, weeks_dropped: 2 });
      expect(rankSeason([one3, two3]).map((r) => [r.user_id, r.rank])).toEqual([
        [1, 1],
        [2, 2],
      ]);
    });

    it('with missed weeks excluded drops only played weeks and ranks by win percentage', () => {
      const excluded = rules({ drop_worst_weeks: 1, missed_weeks: 'excluded' });
      const [one, two] = scoreSeason(weeks, excluded, scored);
      expect(one).toMatchObject({ total_points: 7, weeks_dropped: 1, win_percentage: 58.3 });
      expect(two).toMatchObject({ total_points: 4, weeks_dropped: 0, win_percentage: 66.7 });
      expect(rankSeason([one, two], excluded).map((r) => [r.user_id, r.rank])).toEqual([
        [2, 1],
        [1, 2],
      ]);
    });
  });
});
