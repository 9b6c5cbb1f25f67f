import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import { Game } from '../games/entities/game.entity';
import { isLocked } from '../games/pick-window';
import { SeasonRulesReader } from '../games/season-rules.reader';
import { buildPickGrid } from '../picks/pick-grid';
import type { Pick as PickEntity } from '../picks/entities/pick.entity';
import { PlayersReader } from '../picks/players.reader';
import { readNumber } from '../results/sql';
import { seasonContention, StoredWeekRecord, weekContention } from '../results/contention';
import type { ContentionDto } from '../results/dto/contention.dto';
import { FootballSeason } from '../seasons/entities/football-season.entity';
import type { SeasonRules } from '../seasons/season-rules';
import { Week } from '../seasons/weeks/entities/week.entity';
import { WeekCalendar } from '../seasons/weeks/week-calendar.service';
import type { ContenderDto } from '../results/dto/contention.dto';
import type { Principal } from '../common/principal';
import type { PickGridCellDto, PickGridMemberDto } from '../picks/dto/pick-grid-response.dto';
import { LRUCache } from 'lru-cache';
import type { LiveBoardDto, LiveGameDto, LiveMeDto, LiveMembersDto, LiveStatusDto } from './dto/live-board.dto';
import { GzipPrefix, gzipPrefix, gzipWithTail } from './gzip-tail';
import { contentionGame, isGameDay, liveGame, PUBLIC_VIEWER, publicPicks, boardTag, teamCounts } from './live-board';

/** How long a board (and the status) is kept: a pool watching costs one build per week per this long. */
export const LIVE_BOARD_TTL_MS = 5000;
/** The rows (and each race's contenders) a phone gets first: the leaderboard's top, in its order. */
export const LIVE_TOP_ROWS = 10;

const compress = promisify(gzip);

/** `top`: what a phone shows (the default); `all`: every row and contender. */
export type LiveRows = 'top' | 'all';

/**
 * An answer as sent: its tag, and its bytes made only when it is sent (a 304 needs the tag alone). The bytes are the
 * board's shared part, serialized and deflated once per board version (docs/saturday.md#the-live-board), and the
 * reader's own tail.
 */
export interface LiveAnswer {
  etag: string;
  json(): Buffer;
  gzipped(): Buffer;
}

/** A shared part: its JSON and, deflated once, its gzip prefix. */
interface Encoded {
  json: Buffer;
  gzip: GzipPrefix;
}

/** The board every reader shares (one per version): what the pick grid and the engine made of the week. */
interface Board {
  /** Stands for exactly what the shared parts are made of. */
  tag: string;
  /**
   * Everything the board is made of but the contention engine's answer (a function of the rest): a rebuild that finds
   * it unchanged keeps the board, tag and time included, and spends nothing on the engine, the JSON or gzip.
   */
  inputs: string;
  heading: LiveBoardDto['week'];
  generated_at: Date;
  game_day: boolean;
  games: LiveGameDto[];
  rows: PickGridMemberDto[];
  contention: { week: ContentionDto; season: ContentionDto | null };
  /**
   * What the engine was given (the games as it reads them, the public picks, the members, the rules, the season's
   * rows) and its answer's JSON: a score moving in a game not decided yet changes the board but not this, so the next
   * version keeps the engine's answer instead of working both races out again.
   */
  engine: { inputs: string; json: string };
  /** The shared parts by rows, made on first use. */
  prefixes: Partial<Record<LiveRows, Promise<Encoded>>>;
  /** Pages of rows asked for (GET /live/members), made on first use; a few kept. */
  pages: LRUCache<string, Promise<{ etag: string; json: Buffer; gzipped: Buffer }>>;
  /** Each race's contender by member id, made on first use. */
  racers?: { week: Map<number, ContenderDto>; season: Map<number, ContenderDto> };
  /** Each row by member id. */
  rowOf: Map<number, PickGridMemberDto>;
  /** The games whose picks the board shows. */
  locked: Set<number>;
  /**
   * Each reader's tag and tail by rows, member and own key (their picks others cannot see yet): made once per
   * version of the board and of their own picks, the bytes only when first sent (a 304 needs the tag alone).
   */
  tails: LRUCache<string, { etag: string; tail?: Buffer }>;
}

/**
 * A build: the shared board, and what each reader's own part is made of. Rebuilt every LIVE_BOARD_TTL_MS while read;
 * the board carries over when unchanged, the own parts are always this build's (a member's pick of a game not locked
 * yet changes only their own part).
 */
interface Built {
  board: Board;
  week: Week;
  games: Game[];
  rules: SeasonRules;
  now: Date;
  /** This build's picks by member, hidden ones included: only `me` reads them. */
  picksBy: Map<number, PickEntity[]>;
  /** What the board hides: carried over to the next build while its key is the same. */
  hidden: Hidden;
}

/**
 * The games not locked yet and everyone's picks of them, which the board hides from all but their member. Its key
 * stands for all the cells are made of (the rules, those games, the members, those picks), so a build that finds the
 * same key keeps the cells made before: a score moving in a game in progress does not touch them.
 */
interface Hidden {
  key: string;
  games: Game[];
  members: PickGridMemberDto['user'][];
  picks: PickEntity[];
  /** Each member's own key (ownKey), made on first use. */
  keys?: Map<number, string>;
  /** Each member's own cells of those games (as they see them), by game: made when the first is sent. */
  cells?: Map<number, Map<number, PickGridCellDto>>;
}

/** The season's weeks with their game counts, and the stored results of its scored weeks. */
interface SeasonRows {
  weeks: { id: number; number: number; games: number | string }[];
  stored: Record<string, string | number | null>[];
}

/**
 * One value kept LIVE_BOARD_TTL_MS by the clock: requests while it is being loaded share the load; a failed load
 * (an unknown week) is not kept, so the next request asks again. The loader is handed the value it replaces.
 */
class Kept<T> {
  private at = 0;
  private value: Promise<T> | null = null;

  get empty(): boolean {
    return this.value === null;
  }

  get(now: number, load: (previous: Promise<T | undefined>) => Promise<T>): Promise<T> {
    // A clock moved back makes the value stale too.
    if (this.value && now >= this.at && now - this.at < LIVE_BOARD_TTL_MS) return this.value;
    const previous = (this.value ?? Promise.resolve(undefined)).catch(() => undefined);
    const value = load(previous);
    this.at = now;
    this.value = value;
    value.catch(() => {
      if (this.value === value) this.value = null;
    });
    return value;
  }
}

/** The columns of a pick the board reads: a few, as plain rows (thousands of them, every 5 seconds). */
interface PickRow {
  user_id: number;
  game_id: number;
  selected_team_id: number;
  is_correct: number | boolean | null;
  confidence: number | null;
  is_lock: number | boolean;
  tiebreaker_home_score: number | null;
  tiebreaker_away_score: number | null;
}

const flag = (value: number | boolean | string | null): boolean | null => (value === null ? null : Number(value) === 1);

/**
 * The live board (docs/saturday.md#the-live-board): one shared board per week, kept LIVE_BOARD_TTL_MS. Everyone gets
 * the same board (the pick grid as a viewer who sees only locked picks) and their own row, so a pool of a thousand
 * watchers costs one build per week every 5 seconds; a request during a build waits for that build. Time is the
 * Clock's, so tests move it on rather than sleep. A rebuild that finds nothing changed keeps the board as it was: its
 * tag, so readers keep getting 304s, and its generated_at, which is when this version of the board was first built.
 */
@Injectable()
export class LiveBoardService {
  private readonly boards = new Map<number, Kept<Built>>();
  private readonly currentWeek = new Kept<number>();
  private readonly gameDay = new Kept<LiveStatusDto>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly seasonRules: SeasonRulesReader,
    private readonly calendar: WeekCalendar,
    private readonly players: PlayersReader,
  ) {}

  /** The board of a week as this reader gets it (`rows`: the top or all); 404 for an unknown week. */
  async board(weekId: number | 'current', reader: Principal, rows: LiveRows = 'top'): Promise<LiveAnswer> {
    const built = await this.built(weekId);
    const { board } = built;
    const encoded = await (board.prefixes[rows] ??= encode(this.shared(board, rows)));
    const own = this.ownKey(built, reader.id);
    const key = `${rows}:${reader.id}:${own}`;
    let made = board.tails.get(key);
    if (!made) board.tails.set(key, (made = { etag: boardTag(`${board.tag}\n${key}`) }));
    const mine = made;
    const tail = () => (mine.tail ??= Buffer.from(`,"me":${JSON.stringify(this.me(built, reader.id))},"version":${JSON.stringify(mine.etag)}}`));
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

  private now(): number {
    return this.clock.now().getTime();
  }

  /** The kept build of a week (`current`: GET /weeks/current's week; 404 without a current season or week). */
  private async built(weekId: number | 'current'): Promise<Built> {
    const id = weekId === 'current' ? await this.currentWeek.get(this.now(), async () => (await this.calendar.currentWeekOrFail()).id) : weekId;
    let kept = this.boards.get(id);
    if (!kept) this.boards.set(id, (kept = new Kept()));
    const answer = kept.get(this.now(), (previous) => this.build(id, previous));
    // Nothing is kept for a week that is not there: made-up ids cannot grow the map.
    answer.catch(() => {
      if (this.boards.get(id) === kept && kept.empty) this.boards.delete(id);
    });
    return answer;
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
    return (built.picksBy.get(readerId) ?? [])
      .filter((pick) => !locked.has(pick.game_id))
      .map((pick) => [pick.game_id, pick.selected_team_id, pick.confidence, pick.is_lock, pick.tiebreaker_home_score, pick.tiebreaker_away_score].join('.'))
      .join(',');
  }

  /** The reader's own row (their cells as they see them) and place in each race; null if they do not play. */
  private me(built: Built, readerId: number): LiveMeDto | null {
    const { board } = built;
    const row = board.rowOf.get(readerId);
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
    board.racers ??= { week: racersOf(board.contention.week), season: racersOf(board.contention.season) };
    return { row: { ...row, picks }, week: board.racers.week.get(readerId) ?? null, season: board.racers.season.get(readerId) ?? null };
  }

  private async build(weekId: number, previous: Promise<Built | undefined>): Promise<Built> {
    const now = this.clock.now();
    const week = await this.dataSource.getRepository(Week).findOne({ where: { id: weekId }, relations: { football_season: true } });
    if (!week) throw new NotFoundException('Week not found');
    const rules = await this.seasonRules.cached(week.football_season_id);
    const [games, members, picks, season] = await Promise.all([
      this.dataSource.getRepository(Game).find({
        where: { week_id: weekId },
        relations: { home_team: true, away_team: true },
        order: { game_date: 'ASC', id: 'ASC' },
      }),
      this.players.of(rules),
      this.picksOf(weekId),
      this.seasonRows(week.football_season_id),
    ]);
    const byId = new Map(games.map((game) => [game.id, game]));
    const playing = new Set(members.map((member) => member.id));
    // The members' picks of the week's games, each with its team's name (the pick grid shows it once locked).
    const weekPicks: PickEntity[] = [];
    const picksBy = new Map<number, PickEntity[]>();
    for (const pick of picks) {
      const game = byId.get(pick.game_id);
      if (!game || !playing.has(pick.user_id)) continue;
      const team = pick.selected_team_id === game.home_team_id ? game.home_team! : game.away_team!;
      // The rows are this build's own (picksOf makes them): given their team in place, not copied.
      const entity = Object.assign(pick, { selected_team: team }) as PickEntity;
      weekPicks.push(entity);
      const own = picksBy.get(pick.user_id);
      if (own) own.push(entity);
      else picksBy.set(pick.user_id, [entity]);
    }
    const before = await previous;
    const open = new Set(games.filter((game) => !isLocked(game, now)).map((game) => game.id));
    const hiddenGames = games.filter((game) => open.has(game.id));
    const hiddenMembers = members.map((member) => ({ id: member.id, name: member.name }));
    const hiddenPicks = weekPicks.filter((pick) => open.has(pick.game_id));
    // The picks by what a cell is made of (their team is the game's): the entities carry their team's every column.
    const hiddenKey = JSON.stringify([
      rules,
      week.id,
      hiddenGames,
      hiddenMembers,
      hiddenPicks.map((pick) => [pick.user_id, pick.game_id, pick.selected_team_id, pick.is_correct, pick.confidence, pick.is_lock, pick.tiebreaker_home_score, pick.tiebreaker_away_score]),
    ]);
    const hidden = before && before.hidden.key === hiddenKey ? before.hidden : { key: hiddenKey, games: hiddenGames, members: hiddenMembers, picks: hiddenPicks };
    const own = { week, games, rules, now, picksBy, hidden };

    const grid = buildPickGrid({ week, games, members, picks: weekPicks, viewer: PUBLIC_VIEWER, now, rules });
    const counts = teamCounts(weekPicks);
    const heading = { id: week.id, number: week.number, football_season_id: week.football_season_id, season_name: week.football_season!.name };
    const shown = {
      game_day: isGameDay(games, now, this.config.tzDisplay),
      games: games.map((game) => liveGame(game, counts, now)),
      rows: grid.members,
    };
    // The engine reads the games (their outcome, line and lock: all shown), the public picks (the shown cells), the
    // members (the rows), the rules and the season's rows: unchanged, its answer is too.
    const inputs = JSON.stringify([rules, heading, shown, season]);
    if (before && before.board.inputs === inputs) return { board: before.board, ...own };

    const contenders = members.map((member) => ({ id: member.id, name: member.name }));
    const engineGames = games.map((game) => contentionGame(game, rules, now));
    const publicOnly = publicPicks(engineGames, weekPicks, byId);
    // The engine is a pure function of these: the same inputs as the board before, the same answer. It reads a
    // game's score only for the tiebreaker (the others by how they land), and its status only to leave a cancelled
    // game out (a game in progress is undecided like a scheduled one until it lands), so a score that moves a game,
    // its first one included, without changing its winner or cover keeps the races as they were.
    const engineKey = engineGames.map((game) => ({
      ...game,
      status: game.status === 'cancelled' ? 'cancelled' : 'played',
      ...(game.is_tiebreaker ? {} : { home_score: null, away_score: null }),
    }));
    const engineInputs = JSON.stringify([rules, contenders, engineKey, publicOnly, week.id, season]);
    let contention: Board['contention'];
    let engine: Board['engine'];
    if (before && before.board.engine.inputs === engineInputs) ({ contention, engine } = before.board);
    else {
      contention = {
        week: weekContention({ rules, members: contenders, games: engineGames, picks: publicOnly }),
        season: this.seasonContention(week, rules, contenders, engineGames, publicOnly, season),
      };
      engine = { inputs: engineInputs, json: JSON.stringify(contention) };
    }
    const generated_at = now;
    // A hash of all the board is made of, so a tag stands for exactly these bytes.
    const tag = boardTag(`${generated_at.toISOString()}\n${inputs}\n${engine.json}`);
    const board: Board = {
      tag,
      inputs,
      heading,
      generated_at,
      ...shown,
      contention,
      engine,
      prefixes: {},
      pages: new LRUCache({ max: 16 }),
      tails: new LRUCache({ max: 20_000 }),
      locked: new Set(shown.games.filter((game) => game.locked).map((game) => game.id)),
      rowOf: new Map(grid.members.map((row) => [row.user.id, row])),
    };
    return { board, ...own };
  }

  /** The week's picks as plain rows: the pick grid needs no entity machinery for thousands of them. */
  private async picksOf(weekId: number): Promise<Omit<PickEntity, 'selected_team'>[]> {
    const rows: PickRow[] = await this.dataSource.query(
      `SELECT user_id, game_id, selected_team_id, is_correct, confidence, is_lock, tiebreaker_home_score, tiebreaker_away_score
       FROM picks WHERE week_id = ?`,
      [weekId],
    );
    return rows.map(
      (row) =>
        ({
          user_id: Number(row.user_id),
          game_id: Number(row.game_id),
          selected_team_id: Number(row.selected_team_id),
          is_correct: flag(row.is_correct as number | null),
          confidence: readNumber(row.confidence),
          is_lock: flag(row.is_lock as number) === true,
          tiebreaker_home_score: readNumber(row.tiebreaker_home_score),
          tiebreaker_away_score: readNumber(row.tiebreaker_away_score),
        }) as PickEntity,
    );
  }

  /** In a stable order: they are part of the board's inputs. */
  private async seasonRows(seasonId: number): Promise<SeasonRows> {
    const [weeks, stored] = await Promise.all([
      this.dataSource.query(
        `SELECT w.id, w.number, (SELECT COUNT(*) FROM games g WHERE g.week_id = w.id) AS games
         FROM weeks w WHERE w.football_season_id = ? ORDER BY w.number, w.id`,
        [seasonId],
      ),
      this.dataSource.query(
        `SELECT wr.week_id, wr.user_id, wr.wins, wr.losses, wr.total_games, wr.pushes, wr.points, wr.tiebreaker_score
         FROM weekly_results wr JOIN weeks w ON w.id = wr.week_id WHERE w.football_season_id = ? ORDER BY wr.week_id, wr.user_id`,
        [seasonId],
      ),
    ]);
    return { weeks, stored };
  }

  /**
   * The season's race: the stored results of its calculated weeks, this week live unless it is calculated (then its
   * stored results count and nothing is live), and every other week not yet scored at its game count.
   */
  private seasonContention(
    week: Week,
    rules: SeasonRules,
    members: { id: number; name: string }[],
    games: ReturnType<typeof contentionGame>[],
    picks: ReturnType<typeof publicPicks>,
    { weeks, stored }: SeasonRows,
  ): ContentionDto {
    const records = new Map<number, StoredWeekRecord[]>();
    for (const row of stored) {
      const weekId = Number(row.week_id);
      if (!records.has(weekId)) records.set(weekId, []);
      records.get(weekId)!.push({
        user_id: Number(row.user_id),
        wins: Number(row.wins),
        losses: Number(row.losses),
        total_games: Number(row.total_games),
        pushes: Number(row.pushes),
        points: readNumber(row.points) ?? 0,
        tiebreaker_score: readNumber(row.tiebreaker_score),
      });
    }
    const scored = weeks.filter((one) => records.has(Number(one.id)));
    const live = records.has(week.id) ? null : { week_id: week.id, games, picks };
    const unscored = weeks.filter((one) => !records.has(Number(one.id)) && Number(one.id) !== week.id);
    return seasonContention({
      rules,
      members,
      scored_weeks: scored.map((one) => ({ week_id: Number(one.id), records: records.get(Number(one.id))! })),
      live,
      future_weeks: unscored.map((one) => ({ week_id: Number(one.id), games: Number(one.games) || null })),
    });
  }
}

/**
 * Who sees every pick: only the cells of each member's own row are ever read from a grid made as this viewer sees it
 * (the record and rank a member gets are everyone's).
 */
const OWN_VIEWER = { id: 0, role: 'admin' as const };

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
