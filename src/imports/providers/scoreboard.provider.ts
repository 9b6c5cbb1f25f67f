import { Type } from 'class-transformer';
import { IsArray, IsIn, IsObject, IsOptional, IsString, Matches, ValidateNested } from 'class-validator';
import type { ProvidersConfig } from '../../config/app-config';
import { fetchJson, malformed } from './fetch-json';
import { ExternalGame, ExternalGameStatus, ExternalTeam, ScheduleProvider, WeekQuery } from './provider';
import { validateRecords } from './validate-records';

const LABEL = 'The NCAA scoreboard';

class ScoreboardNames {
  @IsString() short!: string;
  @IsString() seo!: string;
}

class ScoreboardConference {
  @IsOptional() @IsString() conferenceSeo?: string;
}

class ScoreboardSide {
  @IsOptional() @IsString() score?: string;
  @IsOptional() @IsString() rank?: string;
  @IsObject() @ValidateNested() @Type(() => ScoreboardNames) names!: ScoreboardNames;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => ScoreboardConference) conferences?: ScoreboardConference[];
}

class ScoreboardGame {
  @IsString() gameID!: string;
  @IsObject() @ValidateNested() @Type(() => ScoreboardSide) home!: ScoreboardSide;
  @IsObject() @ValidateNested() @Type(() => ScoreboardSide) away!: ScoreboardSide;
  @Matches(/^\d+$/) startTimeEpoch!: string;
  @IsOptional() @IsString() startTime?: string;
  @IsIn(['pre', 'live', 'final']) gameState!: string;
  @IsOptional() @IsString() finalMessage?: string;
  @IsOptional() @IsString() title?: string;
}

class ScoreboardEntry {
  @IsObject() @ValidateNested() @Type(() => ScoreboardGame) game!: ScoreboardGame;
}

function status(game: ScoreboardGame): ExternalGameStatus {
  const message = game.finalMessage ?? '';
  if (/cancel/i.test(message)) return 'cancelled';
  if (/postpone/i.test(message)) return 'postponed';
  return game.gameState === 'final' ? 'completed' : game.gameState === 'live' ? 'in_progress' : 'scheduled';
}

const side = (entry: ScoreboardSide): ExternalTeam => ({
  external_id: entry.names.seo,
  name: entry.names.short,
  conference: entry.conferences?.[0]?.conferenceSeo || null,
  classification: null,
});

const score = (text: string | undefined): number | null => (text !== undefined && /^\d+$/.test(text) ? Number(text) : null);
const rank = (text: string | undefined): number | null => (text !== undefined && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null);

/** The scoreboard's games in our shape. Exported for the tests, which feed it the real fixtures. */
export function scoreboardGames(data: unknown, query: WeekQuery): ExternalGame[] {
  if (typeof data !== 'object' || data === null || !Array.isArray((data as { games?: unknown }).games)) throw malformed(LABEL, 'expected an object with a games list');
  return validateRecords(LABEL, 'game', ScoreboardEntry, (data as { games: unknown[] }).games).map(({ game }) => {
    const gameStatus = status(game);
    const final = gameStatus === 'completed' || gameStatus === 'in_progress';
    return {
      external_id: game.gameID,
      season: query.year,
      week: query.season_type === 'regular' ? query.week : null,
      season_type: query.season_type,
      kickoff: new Date(Number(game.startTimeEpoch) * 1000),
      start_time_tbd: /^(TBA|TBD)$/i.test(game.startTime ?? ''),
      neutral_site: false,
      conference_game: false,
      home: side(game.home),
      away: side(game.away),
      status: gameStatus,
      home_score: final ? score(game.home.score) : null,
      away_score: final ? score(game.away.score) : null,
      home_rank: rank(game.home.rank),
      away_rank: rank(game.away.rank),
      name: null,
    };
  });
}

/**
 * The keyless public scoreboard: ncaa.com's data as the open-source ncaa-api serves it. Kickoffs, AP ranks and
 * scores only; no lines, no calendar.
 */
export class ScoreboardProvider implements ScheduleProvider {
  readonly name = 'scoreboard' as const;

  constructor(private readonly config: ProvidersConfig) {}

  async games(query: WeekQuery): Promise<ExternalGame[]> {
    const week = query.season_type === 'postseason' ? 'P' : String(query.week).padStart(2, '0');
    const data = await fetchJson(`${this.config.scoreboardBaseUrl}/scoreboard/football/fbs/${query.year}/${week}/all-conf`, {
      label: LABEL,
      timeoutMs: this.config.timeoutMs,
    });
    return scoreboardGames(data, query);
  }
}
