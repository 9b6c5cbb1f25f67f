import type { Contention, LiveBoard, LiveGame } from '../../api/types';

/** A live board for the component tests: two locked games (one final, one live) and one not yet started. */
export function liveGame(id: number, fields: Partial<LiveGame> = {}): LiveGame {
  return {
    id,
    home_team: { id: id * 10 + 1, name: `Home ${id}`, nickname: null },
    away_team: { id: id * 10 + 2, name: `Away ${id}`, nickname: null },
    game_date: '2026-09-05T19:30:00.000Z',
    status: 'scheduled',
    home_score: null,
    away_score: null,
    winner_team_id: null,
    is_tiebreaker: false,
    locked: false,
    betting_line: 3.5,
    betting_line_team: 'home',
    cover: null,
    pick_counts: null,
    ...fields,
  };
}

export const WEEK_RACE: Contention = {
  scope: 'week',
  method: 'enumerated',
  undecided_games: 2,
  open_games: 0,
  outcomes: 4,
  contenders: [
    {
      user: { id: 7, name: 'Fan' },
      current: 1,
      max: 3,
      status: 'can_win',
      paths: [{ text: 'Georgia and Texas win', conditions: [], needs_tiebreaker: false }],
      more_paths: 2,
    },
    { user: { id: 8, name: 'Rival' }, current: 0, max: 1, status: 'eliminated', paths: null, more_paths: 0 },
  ],
};

export const SEASON_RACE: Contention = {
  scope: 'season',
  method: 'bound',
  undecided_games: 12,
  open_games: 10,
  outcomes: null,
  contenders: [{ user: { id: 8, name: 'Rival' }, current: 30, max: 52, status: 'can_win', paths: null, more_paths: 0 }],
};

export function liveBoard(fields: Partial<LiveBoard> = {}): LiveBoard {
  return {
    week: { id: 2, number: 2, football_season_id: 1, season_name: '2025-2026' },
    version: 'v1',
    generated_at: '2026-09-05T20:00:00.000Z',
    game_day: true,
    games: [
      liveGame(1, { status: 'completed', locked: true, home_score: 24, away_score: 17, winner_team_id: 11, cover: 'home', pick_counts: { home: 1, away: 1 } }),
      liveGame(2, { status: 'in_progress', locked: true, home_score: 7, away_score: 10, pick_counts: { home: 2, away: 0 } }),
      liveGame(3),
    ],
    members: [
      {
        user: { id: 7, name: 'Fan' },
        picks_made: 2,
        wins: 1,
        losses: 0,
        points: 1,
        tiebreaker_score: null,
        rank: 1,
        picks: [
          { game_id: 1, status: 'shown', selected_winner: 'Home 1', result: 'correct' },
          { game_id: 2, status: 'shown', selected_winner: 'Home 2', result: 'pending' },
          { game_id: 3, status: 'hidden' },
        ],
      },
      {
        user: { id: 8, name: 'Rival' },
        picks_made: 2,
        wins: 0,
        losses: 1,
        points: 0,
        tiebreaker_score: null,
        rank: 2,
        picks: [
          { game_id: 1, status: 'shown', selected_winner: 'Away 1', result: 'incorrect' },
          { game_id: 2, status: 'shown', selected_winner: 'Home 2', result: 'pending' },
          { game_id: 3, status: 'none' },
        ],
      },
    ],
    member_count: 2,
    contention: { week: WEEK_RACE, season: SEASON_RACE, week_contenders: 2, season_contenders: 1 },
    survivor: null,
    me: null,
    ...fields,
  };
}
