import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import { Game } from '../games/entities/game.entity';
import { buildPickGrid } from '../picks/pick-grid';
import type { ContentionDto, ContenderDto } from '../results/dto/contention.dto';
import { FootballSeason } from '../seasons/entities/football-season.entity';
import { WeekCalendarService } from '../seasons/weeks/week-calendar.service';
import type { Principal } from '../common/principal';
import type { LiveBoardDto, LiveMeDto, LiveMembersDto, LiveStatusDto } from './dto/live-board.dto';
import { Board, buildBoard, Built, Encoded, LiveRows } from './board-build';
import { gzipPrefix, gzipWithTail } from './gzip-tail';
import type { LiveAnswer } from './live-answer';
import { Kept } from './kept';
import { boardTag, isGameDay } from './live-board';
import { LiveWeekReads } from './week-reads';

export { LIVE_BOARD_TTL_MS } from './kept';
export type { LiveRows } from './board-build';
export type { LiveAnswer } from './live-answer';

/** The rows (and each race's contenders) a phone gets first: the leaderboard's top, in its order. */
export const LIVE_TOP_ROWS = 10;

const compress = promisify(gzip);

/**
 * The live board (docs/saturday.md#the-live-board): one shared board per week, kept LIVE_BOARD_TTL_MS. Everyone gets
 * the same board (the pick grid as a viewer who sees only locked picks) and their own row, so a pool of a thousand
 * watchers costs one look per week every 5 seconds; a request during it waits for it. The look reads the week's small
 * rows and the picks' stamp (LiveWeekReads), and makes again only what they changed (buildBoard). Time is the
 * Clock's, so tests move it on rather than sleep. A look that finds nothing changed keeps the board as it was: its
 * tag, so readers keep getting 304s, and its generated_at, which is when this version of the board was first built.
 */
@Injectable()
export class LiveBoardService {
  private readonly boards = new Map<number, Kept<Built>>();
  private readonly currentWeek = new Kept<number>();
  private readonly gameDay = new Kept<LiveStatusDto>();
  private readonly readerParts = new LRUCache<string, string>({ max: 20_000 });

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly calendar: WeekCalendarService,
    private readonly reads: LiveWeekReads,
  ) {}

  /** The board of a week as this reader gets it (`rows`: the top or all); 404 for an unknown week. */
  async board(weekId: number | 'current', reader: Principal, rows: LiveRows = 'top'): Promise<LiveAnswer> {
    const built = await this.built(weekId);
    const { board } = built;
    const encoded = await (board.prefixes[rows] ??= encode(this.shared(board, rows)));
    const own = this.ownKey(built, reader.id);
    const key = `${rows}:${reader.id}:${own}`;
    let made = board.tails.get(key);
    if (!made) board.tails.set(key, (made = { etag: readerTag(board.tag, this.readerPart(key)) }));
    const mine = made;
    const tail = () => (mine.tail ??= Buffer.from(`,"me":${this.meJson(built, reader.id, own)},"version":${JSON.stringify(mine.etag)}}`));
    return {
      etag: mine.etag,
      json: () => Buffer.concat([encoded.json, tail()]),
      gzipped: () => gzipWithTail(encoded.gzip, tail()),
    };
  }

  /** A page of the board's rows, the same for every reader. */
  async members(weekId: number | 'current', offset: number, limit: number): Promise<LiveAnswer> {
    const { board } = await this.built(weekId);
    const key = `${offset}:${limit}`;
    let page = board.pages.get(key);
    if (!page) {
      page = (async () => {
        const etag = boardTag(`${board.tag}\n${key}`);
        const body: LiveMembersDto = { version: etag, offset, total: board.rows.length, members: board.rows.slice(offset, offset + limit) };
        const json = Buffer.from(JSON.stringify(body));
        return { etag, json, gzipped: await compress(json) };
      })();
      board.pages.set(key, page);
    }
    const { etag, json, gzipped } = await page;
    return { etag, json: () => json, gzipped: () => gzipped };
  }

  /** Whether the top bar shows Live: a game of the current season is in progress or kicks off today. */
  status(): Promise<LiveStatusDto> {
    return this.gameDay.get(this.now(), async () => {
      const season = await this.dataSource.getRepository(FootballSeason).findOneBy({ is_current: true });
      if (!season) return { game_day: false, week_id: null };
      const week = await this.calendar.currentWeek(season.id);
      const games = await this.dataSource
        .getRepository(Game)
        .createQueryBuilder('game')
        .innerJoin('game.week', 'week')
        .select(['game.id', 'game.status', 'game.game_date'])
        .where('week.football_season_id = :season', { season: season.id })
        .getMany();
      return { game_day: isGameDay(games, this.clock.now(), this.config.tzDisplay), week_id: week?.id ?? null };
    });
  }

  /** Who can still win the week and its season, for the e-mails: the board's own answer, every contender. */
  async contention(weekId: number): Promise<{ week: ContentionDto; season: ContentionDto | null }> {
    return (await this.built(weekId)).board.contention;
  }

  /** The reader's part of their tags (rows, member, own key), hashed once while it stays, not at every version. */
  private readerPart(key: string): string {
    let part = this.readerParts.get(key);
    if (part === undefined) this.readerParts.set(key, (part = createHash('sha1').update(key).digest('base64url').slice(0, READER_PART_LENGTH)));
    return part;
  }

  private now(): number {
    return this.clock.now().getTime();
  }

  /** The kept build of a week (`current`: GET /weeks/current's week; 404 without a current season or week). */
  private async built(weekId: number | 'current'): Promise<Built> {
    const id = weekId === 'current' ? await this.currentWeek.get(this.now(), async () => (await this.calendar.currentWeekOrFail()).id) : weekId;
    let kept = this.boards.get(id);
    if (!kept) this.boards.set(id, (kept = new Kept()));
    const week = kept;
    // Nothing is kept for a week that is not there: made-up ids cannot grow the map.
    return kept.get(
      this.now(),
      (previous) => this.build(id, previous),
      () => {
        if (this.boards.get(id) === week && week.empty) this.boards.delete(id);
      },
    );
  }

  /** The shared part of the answer, up to the reader's own: an object's JSON without its closing brace. */
  private shared(board: Board, rows: LiveRows): Buffer {
    const { week, season } = board.contention;
    const top = rows === 'top';
    const shown: Omit<LiveBoardDto, 'me' | 'version'> = {
      week: board.heading,
      generated_at: board.generated_at,
      game_day: board.game_day,
      games: board.games,
      members: top ? board.rows.slice(0, LIVE_TOP_ROWS) : board.rows,
      member_count: board.rows.length,
      contention: {
        week: top ? firstContenders(week) : week,
        season: season && top ? firstContenders(season) : season,
        week_contenders: week.contenders.length,
        season_contenders: season ? season.contenders.length : null,
      },
      survivor: board.survivor,
    };
    const json = JSON.stringify(shown);
    return Buffer.from(json.slice(0, -1));
  }

  /**
   * What of the reader's own part the board does not show: their picks of games not locked yet. The rest of `me` (the
   * row's record, the races) is the board's, so the board's tag, the reader and this key make the answer's tag.
   */
  private ownKey(built: Built, readerId: number): string {
    // Made of the reader's picks of the games the board hides: kept with them across versions.
    const keys = (built.hidden.keys ??= new Map());
    let key = keys.get(readerId);
    if (key === undefined) keys.set(readerId, (key = this.ownKeyOf(built, readerId)));
    return key;
  }

  private ownKeyOf(built: Built, readerId: number): string {
    const locked = built.board.locked;
    return (built.played.byMember.get(readerId) ?? [])
      .filter((pick) => !locked.has(pick.game_id))
      .map((pick) => [pick.game_id, pick.selected_team_id, pick.confidence, pick.is_lock, pick.tiebreaker_home_score, pick.tiebreaker_away_score].join('.'))
      .join(',');
  }

  /** `me` as JSON: kept across versions of the board while what it is made of stays (Board.mine). */
  private meJson(built: Built, readerId: number, own: string): string {
    const key = `${readerId}:${own}`;
    let json = built.board.mine.get(key);
    if (json === undefined) built.board.mine.set(key, (json = JSON.stringify(this.me(built, readerId))));
    return json;
  }

  /** The reader's own row (their cells as they see them) and place in each race; null if they do not play. */
  private me(built: Built, readerId: number): LiveMeDto | null {
    const { board } = built;
    const row = board.grid.rowOf.get(readerId);
    if (!row) return null;
    let picks = row.picks;
    if (picks.some((cell) => cell.status === 'hidden')) {
      // Every member's own cells of the hidden games at once, the first time one is sent while they stay the same: a
      // grid of those games as an admin sees it shows each member's cells as the member does (their own picks are
      // theirs to see). A cell is made of its game and pick alone, so it is the one a grid of all the games would
      // show; the rest of the row (record, rank) is everyone's.
      const { hidden } = built;
      hidden.cells ??= new Map(
        buildPickGrid({ week: built.week, games: hidden.games, members: hidden.members, picks: hidden.picks, viewer: OWN_VIEWER, now: built.now, rules: built.rules }).members.map(
          (one) => [one.user.id, new Map(one.picks.map((cell) => [cell.game_id, cell]))],
        ),
      );
      const own = hidden.cells.get(readerId);
      picks = picks.map((cell) => (cell.status === 'hidden' ? (own?.get(cell.game_id) ?? cell) : cell));
    }
    const racers = (board.engine.racers ??= { week: racersOf(board.contention.week), season: racersOf(board.contention.season) });
    return { row: { ...row, picks }, week: racers.week.get(readerId) ?? null, season: racers.season.get(readerId) ?? null };
  }

  private async build(weekId: number, previous: Promise<Built | undefined>): Promise<Built> {
    const now = this.clock.now();
    const before = await previous;
    const read = await this.reads.of(weekId, before?.read, now.getTime());
    return buildBoard(read, before, now, this.config.tzDisplay);
  }
}

/**
 * Who sees every pick: only the cells of each member's own row are ever read from a grid made as this viewer sees it
 * (the record and rank a member gets are everyone's).
 */
const OWN_VIEWER = { id: 0, role: 'admin' as const };

/** Base64url characters of a reader's part of a tag: 96 bits of the hash. */
const READER_PART_LENGTH = 16;

/**
 * A reader's tag: the board's and their own part, so it moves with either (the board's version, or the rows asked
 * for, the reader and their picks others cannot see yet, which their part hashes). Weak, as the board's.
 */
const readerTag = (board: string, reader: string): string => `${board.slice(0, -1)}.${reader}"`;

/** Serializes and deflates a shared part (off the event loop). */
async function encode(json: Buffer): Promise<Encoded> {
  return { json, gzip: await gzipPrefix(json) };
}

/** A race with its first LIVE_TOP_ROWS contenders (its order puts those who can still win first). */
function firstContenders(race: ContentionDto): ContentionDto {
  return { ...race, contenders: race.contenders.slice(0, LIVE_TOP_ROWS) };
}

function racersOf(race: ContentionDto | null): Map<number, ContenderDto> {
  return new Map((race?.contenders ?? []).map((contender) => [contender.user.id, contender]));
}
