import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { Game } from '../games/entities/game.entity';
import { hasFinal } from '../games/pick-window';
import { FootballSeason } from '../seasons/entities/football-season.entity';
import { User } from '../users/entities/user.entity';
import type { CalendarFeedDto, CalendarMode, UpdateCalendarFeedDto } from './dto/calendar-feed.dto';
import { CalendarTokens } from './calendar-token';
import { deadlineCalendar, FeedGame } from './deadline-feed';

export const CALENDAR_NOT_FOUND = 'Calendar not found';
const FEED_SUFFIX = '.ics';

/** The member's feed settings, as stored now (the signed-in user of the request may be a cached read). */
type FeedState = Pick<User, 'id' | 'calendar_feed_version' | 'calendar_feed_mode'>;

/**
 * Each member's private deadline calendar (docs/saturday.md#deadline-calendar): its URLs, its mode, rotating its
 * token, and the .ics text that calendars subscribe to.
 */
@Injectable()
export class CalendarService {
  private readonly tokens: CalendarTokens;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {
    this.tokens = new CalendarTokens(config.jwtSecret);
  }

  async feed(user: User): Promise<CalendarFeedDto> {
    const state = await this.stateOf(user.id);
    if (!state) throw new NotFoundException(CALENDAR_NOT_FOUND);
    return this.answerOf(state);
  }

  async update(user: User, body: UpdateCalendarFeedDto): Promise<CalendarFeedDto> {
    await this.users.update({ id: user.id }, { calendar_feed_mode: body.mode });
    return this.feed(user);
  }

  /** A new URL: the version goes up in one UPDATE (two rotations at once both count), so the old token stops matching. */
  async rotate(user: User): Promise<CalendarFeedDto> {
    await this.users.increment({ id: user.id }, 'calendar_feed_version', 1);
    return this.feed(user);
  }

  /**
   * The .ics text of `{token}.ics`. The token is checked (HMAC, in constant time) before the database is asked;
   * anything but the member's current token, including a deleted member's, is the same 404.
   */
  async ics(file: string): Promise<string> {
    const claims = file.endsWith(FEED_SUFFIX) ? this.tokens.verify(file.slice(0, -FEED_SUFFIX.length)) : null;
    const state = claims ? await this.stateOf(claims.userId) : null;
    if (!claims || !state || state.calendar_feed_version !== claims.version) throw new NotFoundException(CALENDAR_NOT_FOUND);
    return deadlineCalendar(await this.currentSeasonGames(), {
      mode: modeOf(state.calendar_feed_mode),
      appName: this.config.appName,
      appUrl: this.config.appUrl,
      timeZone: this.config.tzDisplay,
    });
  }

  private get users() {
    return this.dataSource.getRepository(User);
  }

  private stateOf(id: number): Promise<FeedState | null> {
    return this.users.findOne({ where: { id }, select: { id: true, calendar_feed_version: true, calendar_feed_mode: true } });
  }

  private answerOf(state: FeedState): CalendarFeedDto {
    const url = `${this.config.appUrl}/api/calendar/${this.tokens.sign({ userId: state.id, version: state.calendar_feed_version })}${FEED_SUFFIX}`;
    const webcal_url = url.replace(/^https?:/, 'webcal:');
    return { url, webcal_url, google_url: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal_url)}`, mode: modeOf(state.calendar_feed_mode) };
  }

  /** Every game of the current season (cancelled ones marked), with what the feed needs of it; none without a current season. */
  private async currentSeasonGames(): Promise<FeedGame[]> {
    const season = await this.dataSource.getRepository(FootballSeason).findOne({ where: { is_current: true }, select: { id: true } });
    if (!season) return [];
    const games = await this.dataSource
      .getRepository(Game)
      .createQueryBuilder('game')
      .innerJoinAndSelect('game.week', 'week')
      .innerJoinAndSelect('game.home_team', 'home')
      .innerJoinAndSelect('game.away_team', 'away')
      .where('week.football_season_id = :season', { season: season.id })
      .orderBy('game.game_date', 'ASC')
      .addOrderBy('game.id', 'ASC')
      .getMany();
    return games.map((game) => ({
      id: game.id,
      week_id: game.week_id,
      week_number: game.week!.number,
      home: game.home_team!.name,
      away: game.away_team!.name,
      game_date: game.game_date,
      picks_locked_at: game.picks_locked_at,
      updated_at: game.updated_at,
      cancelled: game.status === 'cancelled',
      final: hasFinal(game),
    }));
  }
}

/** A stored mode other than the two known ones (a hand-edited row) reads as the default. */
const modeOf = (stored: string): CalendarMode => (stored === 'weeks' ? 'weeks' : 'games');
