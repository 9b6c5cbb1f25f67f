/** The records of the member screens, as the API shows them (SPEC §3, docs/decisions.md). */

export type WeekStatus = 'past' | 'current' | 'upcoming' | (string & {});
export type DeadlineStatus = 'open' | 'closing_soon' | 'closed';

export interface SeasonWeek {
  id: number;
  number: number;
  display_name: string;
  is_current: boolean;
  status: WeekStatus;
  start_date: string;
  end_date: string;
}

export interface Season {
  id: number;
  name: string;
  year: number;
  current: boolean;
  is_current?: boolean;
  weeks?: SeasonWeek[];
}

export interface GameTeam {
  id: number;
  name: string;
  nickname: string | null;
}

export interface Game {
  id: number;
  name: string | null;
  week_id: number;
  home_team: GameTeam;
  away_team: GameTeam;
  winner_team_id: number | null;
  game_date: string;
  status: string;
  home_score: number | null;
  away_score: number | null;
  betting_line: number | null;
  betting_line_team: 'home' | 'away' | null;
  is_tiebreaker: boolean;
  home_team_ranking: number | null;
  away_team_ranking: number | null;
  pick_deadline: string;
  deadline_status: DeadlineStatus;
  minutes_until_deadline: number;
  picks_allowed: boolean;
}

export interface Pick {
  /** Absent while an optimistic pick waits for the server. */
  id?: number;
  game_id: number;
  week_id: number;
  selected_winner: string;
  is_correct?: boolean | null;
  tiebreaker_home_score: number | null;
  tiebreaker_away_score: number | null;
}

export interface MemberRef {
  id: number;
  name: string;
  email?: string;
}

export interface SeasonStanding {
  id: number;
  rank: number;
  user: MemberRef;
  total_wins: number;
  total_losses: number;
  total_games: number;
  win_percentage: number;
  weeks_participated: number;
  total_tiebreaker_score: number;
  avg_tiebreaker_score: number | null;
}

export interface WeeklyResult {
  id: number | null;
  user: MemberRef;
  wins: number;
  losses: number;
  total_games: number;
  win_percentage: number;
  tiebreaker_score: number | null;
  rank: number | null;
}

export interface SeasonProgress {
  season: { id: number; name: string };
  /** `scored`: the week has calculated results. */
  weeks: { id: number; number: number; scored?: boolean }[];
  members: { user: MemberRef; cumulative_wins: number[] }[];
}

export interface PickGridCell {
  game_id: number;
  status: 'hidden' | 'shown' | 'none';
  selected_winner?: string;
  is_correct?: boolean | null;
  /** Shown cells: from the game's winner (void: the game was cancelled). */
  result?: 'correct' | 'incorrect' | 'pending' | 'void';
  tiebreaker_home_score?: number | null;
  tiebreaker_away_score?: number | null;
}

export interface PickGrid {
  week: { id: number; number: number };
  games: {
    id: number;
    home_team: GameTeam;
    away_team: GameTeam;
    game_date: string;
    is_tiebreaker: boolean;
    locked: boolean;
    winner_team_id: number | null;
    status: string;
  }[];
  /** In the week's standing order; wins, losses and the tiebreaker distance count what the viewer may see. */
  members: { user: MemberRef; picks_made: number; wins: number; losses: number; tiebreaker_score: number | null; rank: number; picks: PickGridCell[] }[];
}

export interface Team {
  id: number;
  name: string;
  nickname: string | null;
}

export interface Profile {
  id: number;
  email: string;
  name: string;
  first_name: string | null;
  last_name: string | null;
  date_of_birth: string | null;
  phone: string | null;
  favorite_team_id: number | null;
  favorite_team: { id: number; name: string } | null;
  role: 'user' | 'admin';
  admin: boolean;
}
