import { Type } from 'class-transformer';
import { LRUCache } from 'lru-cache';
import { IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, ValidateNested } from 'class-validator';
import type { ProvidersConfig } from '../../config/app-config';
import { fetchJson, malformed } from './fetch-json';
import { CalendarWeek, ExternalGame, ExternalLine, ExternalRank, ExternalTeam, ScheduleProvider, SeasonType, WeekQuery } from './provider';
import { validateRecords } from './validate-records';

const LABEL = 'CollegeFootballData';
const SEASON_TYPES = ['regular', 'postseason'];

/** CFBD v2 GET /games (camelCase): only the fields we use are checked. */
class CfbdGame {
  @IsInt() id!: number;
  @IsInt() season!: number;
  @IsOptional() @IsInt() week?: number | null;
  @IsIn(SEASON_TYPES) seasonType!: SeasonType;
  @IsString() startDate!: string;
  @IsOptional() @IsBoolean() startTimeTBD?: boolean | null;
  @IsOptional() @IsBoolean() completed?: boolean | null;
  @IsOptional() @IsBoolean() neutralSite?: boolean | null;
  @IsOptional() @IsBoolean() conferenceGame?: boolean | null;
  @IsInt() homeId!: number;
  @IsString() homeTeam!: string;
  @IsOptional() @IsString() homeConference?: string | null;
  @IsOptional() @IsString() homeClassification?: string | null;
  @IsOptional() @IsInt() homePoints?: number | null;
  @IsInt() awayId!: number;
  @IsString() awayTeam!: string;
  @IsOptional() @IsString() awayConference?: string | null;
  @IsOptional() @IsString() awayClassification?: string | null;
  @IsOptional() @IsInt() awayPoints?: number | null;
  @IsOptional() @IsString() notes?: string | null;
}

class CfbdBookLine {
  @IsString() provider!: string;
  @IsOptional() @IsNumber() spread?: number | null;
}

/** CFBD GET /lines. */
class CfbdGameLines {
  @IsInt() id!: number;
  @IsArray() @ValidateNested({ each: true }) @Type(() => CfbdBookLine) lines!: CfbdBookLine[];
}

class CfbdRank {
  @IsInt() rank!: number;
  @IsOptional() @IsInt() teamId?: number | null;
  @IsString() school!: string;
  @IsOptional() @IsString() conference?: string | null;
}

class CfbdPoll {
  @IsString() poll!: string;
  @IsArray() @ValidateNested({ each: true }) @Type(() => CfbdRank) ranks!: CfbdRank[];
}

/** CFBD GET /rankings. */
class CfbdRankingWeek {
  @IsInt() week!: number;
  @IsArray() @ValidateNested({ each: true }) @Type(() => CfbdPoll) polls!: CfbdPoll[];
}

/** CFBD GET /calendar. */
class CfbdCalendarWeek {
  @IsInt() season!: number;
  @IsInt() week!: number;
  @IsIn(SEASON_TYPES) seasonType!: SeasonType;
  @IsString() startDate!: string;
  @IsString() endDate!: string;
}

/** CFBD GET /teams/fbs. */
class CfbdTeam {
  @IsInt() id!: number;
  @IsString() school!: string;
  @IsOptional() @IsArray() @IsString({ each: true }) alternateNames?: string[] | null;
  @IsOptional() @IsString() conference?: string | null;
  @IsOptional() @IsString() classification?: string | null;
}

/** The poll whose ranks members see next to team names. */
export const AP_POLL = 'AP Top 25';

const team = (id: number, name: string, conference?: string | null, classification?: string | null): ExternalTeam => ({
  external_id: String(id),
  name,
  conference: conference ?? null,
  classification: classification ?? null,
});

function date(label: string, text: string): Date {
  const value = new Date(text);
  if (Number.isNaN(value.getTime())) throw malformed(label, `"${text}" is not a date`);
  return value;
}

/** CFBD's games in our shape. Exported for the tests, which feed it the real fixture. */
export function cfbdGames(data: unknown): ExternalGame[] {
  return validateRecords(LABEL, 'game', CfbdGame, data).map((game) => ({
    external_id: String(game.id),
    season: game.season,
    week: game.week ?? null,
    season_type: game.seasonType,
    kickoff: date(LABEL, game.startDate),
    start_time_tbd: game.startTimeTBD === true,
    neutral_site: game.neutralSite === true,
    conference_game: game.conferenceGame === true,
    home: team(game.homeId, game.homeTeam, game.homeConference, game.homeClassification),
    away: team(game.awayId, game.awayTeam, game.awayConference, game.awayClassification),
    status: game.completed ? 'completed' : game.homePoints != null && game.awayPoints != null ? 'in_progress' : 'scheduled',
    home_score: game.homePoints ?? null,
    away_score: game.awayPoints ?? null,
    home_rank: null,
    away_rank: null,
    name: game.notes?.trim() || null,
  }));
}

export function cfbdLines(data: unknown, takenAt: Date): ExternalLine[] {
  return validateRecords(LABEL, 'line', CfbdGameLines, data).flatMap((game) =>
    game.lines.map((line) => ({ game_external_id: String(game.id), source: line.provider, spread: line.spread ?? null, taken_at: takenAt })),
  );
}

export function cfbdRankings(data: unknown, week: number): ExternalRank[] {
  const weeks = validateRecords(LABEL, 'ranking', CfbdRankingWeek, data);
  // Without the week asked for (the poll not out yet), the latest poll before it.
  const chosen = weeks.filter((entry) => entry.week <= week).sort((a, b) => b.week - a.week)[0];
  const poll = chosen?.polls.find((entry) => entry.poll === AP_POLL);
  return (poll?.ranks ?? []).map((rank) => ({
    team: rank.teamId != null ? team(rank.teamId, rank.school, rank.conference) : { external_id: rank.school, name: rank.school, conference: rank.conference ?? null, classification: null },
    rank: rank.rank,
    poll: AP_POLL,
  }));
}

export function cfbdCalendar(data: unknown): CalendarWeek[] {
  return validateRecords(LABEL, 'calendar week', CfbdCalendarWeek, data).map((week) => ({
    season: week.season,
    week: week.week,
    season_type: week.seasonType,
    start: date(LABEL, week.startDate),
    end: date(LABEL, week.endDate),
  }));
}

export function cfbdTeams(data: unknown): (ExternalTeam & { alternate_names: string[] })[] {
  return validateRecords(LABEL, 'team', CfbdTeam, data).map((entry) => ({
    ...team(entry.id, entry.school, entry.conference, entry.classification ?? 'fbs'),
    alternate_names: entry.alternateNames ?? [],
  }));
}

/** How long a year's calendar is kept: it changes a few times a season, and every preview and sync asks for it. */
const CALENDAR_TTL_MS = 24 * 3600 * 1000;

/** CollegeFootballData's API v2 (a free key: Authorization: Bearer <key>; the free tier allows 1,000 calls a month). */
export class CfbdProvider implements ScheduleProvider {
  readonly name = 'cfbd' as const;
  private readonly calendars = new LRUCache<number, CalendarWeek[]>({ max: 10, ttl: CALENDAR_TTL_MS });

  constructor(private readonly config: ProvidersConfig) {}

  async games(query: WeekQuery): Promise<ExternalGame[]> {
    return cfbdGames(await this.get('/games', { ...this.weekParameters(query), classification: 'fbs' }));
  }

  async lines(query: WeekQuery): Promise<ExternalLine[]> {
    return cfbdLines(await this.get('/lines', this.weekParameters(query)), new Date());
  }

  async rankings(query: WeekQuery): Promise<ExternalRank[]> {
    // The postseason's polls are listed under seasonType postseason; regular weeks under regular.
    return cfbdRankings(await this.get('/rankings', { year: query.year, seasonType: query.season_type }), query.week);
  }

  async calendar(year: number): Promise<CalendarWeek[]> {
    const kept = this.calendars.get(year);
    if (kept) return kept;
    const calendar = cfbdCalendar(await this.get('/calendar', { year }));
    this.calendars.set(year, calendar);
    return calendar;
  }

  async teams(year: number): Promise<(ExternalTeam & { alternate_names: string[] })[]> {
    return cfbdTeams(await this.get('/teams/fbs', { year }));
  }

  private weekParameters(query: WeekQuery): Record<string, string | number> {
    return { year: query.year, week: query.week, seasonType: query.season_type };
  }

  private get(path: string, parameters: Record<string, string | number>): Promise<unknown> {
    const url = new URL(`${this.config.cfbdBaseUrl}${path}`);
    for (const [key, value] of Object.entries(parameters)) url.searchParams.set(key, String(value));
    return fetchJson(url.toString(), {
      label: LABEL,
      timeoutMs: this.config.timeoutMs,
      headers: { authorization: `Bearer ${this.config.cfbdApiKey ?? ''}` },
      refusedHint: 'Check CFBD_API_KEY: the key may be wrong or expired (a free key comes from collegefootballdata.com).',
    });
  }
}
