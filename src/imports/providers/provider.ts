import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * What the data providers answer, in one shape (docs/imports.md): CollegeFootballData (CFBD), the keyless public
 * scoreboard and CSV each turn their own format into these, so matching, previews and the score sync know no provider.
 */
export const PROVIDER_NAMES = ['cfbd', 'scoreboard', 'csv'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export const PROVIDER_LABELS: Record<ProviderName, string> = {
  cfbd: 'CollegeFootballData',
  scoreboard: 'NCAA scoreboard',
  csv: 'CSV file',
};

export type SeasonType = 'regular' | 'postseason';

/** A team as a provider names it. */
export interface ExternalTeam {
  /** The provider's own id (CFBD's numeric id, the scoreboard's seo name, the CSV's team name). */
  external_id: string;
  name: string;
  conference: string | null;
  /** fbs, fcs, ii, iii; null when the provider does not say. */
  classification: string | null;
}

export type ExternalGameStatus = 'scheduled' | 'in_progress' | 'completed' | 'cancelled' | 'postponed';

/** A game as a provider has it. */
export interface ExternalGame {
  /** The provider's id of the game (CFBD's id, the scoreboard's gameID, the CSV's game id or row). */
  external_id: string;
  season: number;
  week: number | null;
  season_type: SeasonType;
  kickoff: Date;
  /** The kickoff time is not set yet (only the day is known). */
  start_time_tbd: boolean;
  neutral_site: boolean;
  conference_game: boolean;
  home: ExternalTeam;
  away: ExternalTeam;
  status: ExternalGameStatus;
  home_score: number | null;
  away_score: number | null;
  /** AP rank at kickoff when the provider gives it (the scoreboard), else filled from the rankings. */
  home_rank: number | null;
  away_rank: number | null;
  /** The game's name when it has one ("Aer Lingus College Football Classic", a bowl). */
  name: string | null;
}

/** A game's betting line from one sportsbook, as the provider gives it. */
export interface ExternalLine {
  game_external_id: string;
  /** The sportsbook ("consensus", "Bovada", ...). */
  source: string;
  /** From the home team's side: -7 means the home team is favoured by 7. Null when the book lists no spread. */
  spread: number | null;
  taken_at: Date;
}

/** A team's place in a poll for a week. */
export interface ExternalRank {
  team: ExternalTeam;
  rank: number;
  poll: string;
}

/** One week of a season as the provider's calendar has it. */
export interface CalendarWeek {
  season: number;
  week: number;
  season_type: SeasonType;
  start: Date;
  end: Date;
}

export interface WeekQuery {
  year: number;
  week: number;
  season_type: SeasonType;
}

/** What every schedule provider answers; the optional parts are what only some of them have. */
export interface ScheduleProvider {
  readonly name: ProviderName;
  games(query: WeekQuery): Promise<ExternalGame[]>;
  lines?(query: WeekQuery): Promise<ExternalLine[]>;
  rankings?(query: WeekQuery): Promise<ExternalRank[]>;
  calendar?(year: number): Promise<CalendarWeek[]>;
  teams?(year: number): Promise<(ExternalTeam & { alternate_names: string[] })[]>;
}

/**
 * A provider could not answer: unreachable, too slow, refused the key, or sent something that is not its format.
 * 502 (504 when it timed out), with a message that names the provider and what to do; nothing has been written.
 */
export class ProviderError extends HttpException {
  /** Sent as the Upstream-Failure header, so the web app does not take the 502/504 for this server being down. */
  readonly upstream: string;

  constructor(message: string, status: HttpStatus.BAD_GATEWAY | HttpStatus.GATEWAY_TIMEOUT = HttpStatus.BAD_GATEWAY, upstream = 'data-provider') {
    super({ errors: [message], message }, status);
    this.upstream = upstream;
  }
}
