import etag from 'etag';
import { ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsRelations, In, Repository } from 'typeorm';
import type { Principal } from '../common/principal';
import { SecurityLogService } from '../security/security-log.service';
import { Clock } from '../common/clock';
import { ListPage, ListParams, sortOf } from '../common/list/list-query';
import { CachedReads } from '../database/cached-reads';
import { LeanTable } from '../database/lean-table';
import { ReferenceCounter } from '../database/reference-counter';
import { Team } from '../teams/entities/team.entity';
import { Week } from '../seasons/weeks/entities/week.entity';
import { WeekCalendarService } from '../seasons/weeks/week-calendar.service';
import { WEEK_STATUS_FIELDS } from '../seasons/weeks/week-status';
import { TEAM_FIELDS } from '../teams/team-fields';
import { CreateGameDto } from './dto/create-game.dto';
import { GameFilterDto } from './dto/game-filter.dto';
import { GameResponseDto, GameView } from './dto/game-response.dto';
import { UpdateGameDto } from './dto/update-game.dto';
import { Game } from './entities/game.entity';
import { GameAudit, GameAuditAction } from './entities/game-audit.entity';
import { GameFacts, GameOutcome, isWholeLine, LINE_RULES, OUTCOME_KEYS, OutcomeChange, outcomeOf, sameLine, settleGame } from './game-rules';
import { GameFinalPushes } from './game-final-pushes';
import { raiseOutcomesChanged } from './game-outcome-events';
import { GamePicks } from './game-picks';
import { SeasonRulesReader } from './season-rules.reader';
import type { User } from '../users/entities/user.entity';
import { isLocked, pickWindow } from './pick-window';
import { countOf } from '../common/count-of';

/** Loaded with every game, in the same query (joins), so a list never reads per row. */
const RELATIONS: FindOptionsRelations<Game> = { week: true, home_team: true, away_team: true, winner_team: true };

/** What a list shows of each relation (GameResponseDto, and the week's status). */
const LIST_RELATIONS = {
  week: WEEK_STATUS_FIELDS,
  home_team: TEAM_FIELDS,
  away_team: TEAM_FIELDS,
  winner_team: TEAM_FIELDS,
} as const;

const SORTABLE = [
  'game_date',
  'name',
  'status',
  'week_id',
  'home_team_id',
  'away_team_id',
  'winner_team_id',
  'is_tiebreaker',
  'home_score',
  'away_score',
  'betting_line',
  'home_team_ranking',
  'away_team_ranking',
  'week.number',
  'home_team.name',
  'away_team.name',
] as const;

/** The columns a request may write, after validation. */
type GameColumns = GameFacts & Pick<Game, 'week_id' | 'game_date' | 'name' | 'is_tiebreaker' | 'home_team_ranking' | 'away_team_ranking'>;

const NEW_GAME: Omit<GameColumns, 'week_id' | 'home_team_id' | 'away_team_id' | 'game_date'> = {
  name: null,
  winner_team_id: null,
  status: 'scheduled',
  home_score: null,
  away_score: null,
  betting_line: null,
  betting_line_team: null,
  is_tiebreaker: false,
  home_team_ranking: null,
  away_team_ranking: null,
  forfeit: false,
  forfeit_reason: null,
};

/** What decides a week's results: a change to any of these may recalculate them. */
const OUTCOME_FIELDS = ['winner_team_id', 'status', 'home_score', 'away_score', 'forfeit', 'is_tiebreaker', 'week_id'] as const;

/** The outcome of a game just created, before anything is recorded: a new game's is not a change worth auditing. */
const NO_OUTCOME: GameOutcome = outcomeOf(NEW_GAME);

type LockChange = Extract<GameAuditAction, 'picks_locked' | 'picks_reopened'>;

const sameOutcome = (a: GameOutcome, b: GameOutcome) => OUTCOME_KEYS.every((key) => a[key] === b[key]);

/** Runs `work` in the transaction of `manager`, or in one of its own when there is none: a game's writes and their event commit together. */
const within = <T>(manager: EntityManager, work: (manager: EntityManager) => Promise<T>): Promise<T> =>
  manager.queryRunner?.isTransactionActive ? work(manager) : manager.transaction(work);

/** How a deletion reads where it comes from; the defaults are the admin's DELETE /games/{id}. */
export interface GameRemovalWording {
  /** The 409 for a game that picks hold, given its picks counted ("2 picks"). */
  held?: (picks: string) => string;
  /** Ends the security log's line, e.g. "by an import". */
  by?: string;
}

@Injectable()
export class GamesService {
  private readonly lean: LeanTable<Game>;
  /** Serialized list answers by the rows they were read from (see findAll). */
  private readonly answers = new WeakMap<object, Map<string, { body: Buffer; etag: string }>>();

  constructor(
    @InjectRepository(Game) private readonly games: Repository<Game>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly calendar: WeekCalendarService,
    private readonly clock: Clock,
    private readonly picks: GamePicks,
    private readonly references: ReferenceCounter,
    private readonly reads: CachedReads,
    private readonly securityLog: SecurityLogService,
    private readonly seasonRules: SeasonRulesReader,
    private readonly finals: GameFinalPushes,
  ) {
    this.lean = new LeanTable(dataSource, Game, 'game', LIST_RELATIONS);
  }

  /** The games of a list request; every member reads a week's games, so this is one prepared statement. */
  private async listPage(list: ListParams<GameFilterDto>): Promise<ListPage<GameView> & { rows: object }> {
    const { week_id, football_season_id, status } = list.filter;
    const conditions = ['1 = 1'];
    const parameters: unknown[] = [];
    const equal = (path: string, value: unknown) => {
      conditions.push(`${this.lean.column(path)} = ?`);
      parameters.push(value);
    };
    if (list.ids) {
      conditions.push(this.lean.isIn('id', list.ids.length));
      parameters.push(...list.ids);
    }
    if (week_id !== undefined) equal('week_id', week_id);
    if (status !== undefined) equal('status', status);
    if (football_season_id !== undefined) equal('week.football_season_id', football_season_id);
    const where = conditions.join(' AND ');
    const order = sortOf(list, SORTABLE, ['game_date', 'ASC'])
      .map(([field, direction]) => `${this.lean.column(field)} ${direction}`)
      .join(', ');
    // Every member reads the same week's games: the rows are shared until a game, week or team changes.
    const rows = await this.reads.read([Game, Week, Team], JSON.stringify([where, parameters, order, list.skip, list.take]), async () => {
      const games = await this.lean.find(where, parameters, order, list);
      return { games, total: list.take === undefined ? games.length : await this.lean.count(where, parameters) };
    });
    return { items: await this.views(rows.games), total: rows.total, rows };
  }

  /**
   * The list as the JSON answer and its ETag. An answer is a function of the rows read and of each game's pick
   * window at this moment, so it is serialized (and hashed) once per rows read and state of the windows, and shared:
   * the windows are computed on every request, and the answer changes the moment one of them does.
   */
  async findAll(list: ListParams<GameFilterDto>): Promise<{ body: Buffer; etag: string; count: number; total: number }> {
    const { items, total, rows } = await this.listPage(list);
    const windows = items.map(({ window }) => `${window.deadline_status} ${window.minutes_until_deadline} ${window.picks_allowed}`).join('|');
    let answers = this.answers.get(rows);
    if (!answers) this.answers.set(rows, (answers = new Map()));
    let answer = answers.get(windows);
    if (!answer) {
      // The windows move on every minute: only the latest few states are worth keeping.
      if (answers.size >= 4) answers.clear();
      const body = Buffer.from(JSON.stringify(items.map(GameResponseDto.from)));
      answer = { body, etag: etag(body, { weak: true }) };
      answers.set(windows, answer);
    }
    return { ...answer, count: items.length, total };
  }

  async findOne(id: number): Promise<GameView> {
    return (await this.views([await this.load(this.dataSource.manager, id)]))[0];
  }

  /** A game created with its outcome already recorded (a completed game) is audited and may complete its week. */
  async create(admin: User, dto: CreateGameDto): Promise<GameView> {
    const { id } = await this.dataSource.transaction((manager) => this.createWithin(manager, admin, dto));
    return this.findOne(id);
  }

  /**
   * PUT and PATCH: the rules are checked on the game as it would be after the change. A kickoff moved later on a game
   * whose picks were revealed keeps it locked; `reopen_picks` lifts that lock (both audited).
   */
  async update(admin: User, id: number, dto: UpdateGameDto): Promise<GameView> {
    await this.dataSource.transaction((manager) => this.updateWithin(manager, admin, id, dto));
    return this.findOne(id);
  }

  /**
   * A create inside the caller's transaction (an import applies a whole week in one; without one it gets its own),
   * with every rule of a game. The actor is the admin, or null for the system (the score sync). A game created with a
   * winner raises "a game's outcome changed" for its week (game-outcome-events.ts), delivered once the outermost
   * transaction commits.
   */
  createWithin(manager: EntityManager, admin: User | null, dto: CreateGameDto, extra: Partial<Game> = {}): Promise<{ id: number }> {
    return within(manager, async (manager) => {
      const columns = await this.settle(manager, null, dto);
      // A copy: TypeORM writes the row it reads back (raw on MySQL/MariaDB) into the object it inserts.
      const id = (await manager.getRepository(Game).insert({ ...columns, ...extra })).identifiers[0].id as number;
      if (!sameOutcome(NO_OUTCOME, columns)) await this.audit(manager, admin, id, null, columns);
      if (columns.winner_team_id !== null) raiseOutcomesChanged(manager, [columns.week_id]);
      return { id };
    });
  }

  /**
   * An update inside the caller's transaction; see createWithin. `extra` are columns no DTO carries (an import's). A
   * change of anything that decides results (OUTCOME_FIELDS) raises the event for the game's week, old and new.
   */
  updateWithin(manager: EntityManager, admin: User | null, id: number, { reopen_picks, ...dto }: UpdateGameDto, extra: Partial<Game> = {}): Promise<void> {
    return within(manager, async (manager) => {
      const game = await this.load(manager, id);
      const columns = await this.settle(manager, game, dto);
      await this.picks.follow(manager, game, columns);
      const lock = this.lockAfter(game, columns, reopen_picks === true);
      await manager.getRepository(Game).update(id, { ...columns, ...extra, picks_locked_at: lock.picks_locked_at });
      if (!sameOutcome(game, columns)) await this.audit(manager, admin, id, game, columns);
      if (lock.change) await this.auditLock(manager, admin, game, columns, lock.change, lock.picks_locked_at);
      if (columns.status === 'completed' && game.status !== 'completed') await this.finals.queue(manager, { ...game, ...columns, id });
      if (OUTCOME_FIELDS.some((field) => game[field] !== columns[field])) raiseOutcomesChanged(manager, [game.week_id, columns.week_id]);
    });
  }

  /** The score sync's note on a game (`sync_flag`, `sync_flagged_at`): no rule of a game and no outcome, so no audit. */
  async flagWithin(manager: EntityManager, id: number, flag: Partial<Pick<Game, 'sync_flag' | 'sync_flagged_at'>>): Promise<void> {
    await manager.getRepository(Game).update(id, flag);
  }

  /**
   * The lock on the game's picks after an edit (docs/decisions.md), and whether the edit set or lifted it. Once the
   * game closed (its deadline passed, or it got a final), the pick grid showed everyone's picks of it: an edit that
   * would open it again (a kickoff moved later, an early final taken back) would let members change a pick after
   * seeing the others', so the game is kept locked (from this moment) until an admin reopens it explicitly.
   * Reopening is also what moving such a kickoff with `reopen_picks` does.
   */
  private lockAfter(game: Game, after: Pick<Game, 'game_date' | 'status' | 'winner_team_id'>, reopen: boolean): { picks_locked_at: Date | null; change: LockChange | null } {
    const now = this.clock.now();
    const kept = game.picks_locked_at ?? (isLocked(game, now) && !isLocked(after, now) ? now : null);
    if (kept === null) return { picks_locked_at: null, change: null };
    if (reopen) return { picks_locked_at: null, change: 'picks_reopened' };
    return { picks_locked_at: kept, change: game.picks_locked_at === null ? 'picks_locked' : null };
  }

  /** A lock set or lifted: the game's history, and for a reopening the security log too (same transaction). */
  private async auditLock(manager: EntityManager, admin: User | null, game: Game, after: GameOutcome, change: LockChange, lockedAt: Date | null): Promise<void> {
    await manager.insert(GameAudit, {
      game_id: game.id,
      admin_id: admin?.id ?? null,
      action: change,
      previous_value: JSON.stringify({ ...outcomeOf(game), picks_locked_at: game.picks_locked_at?.toISOString() ?? null }),
      new_value: JSON.stringify({ ...outcomeOf(after), picks_locked_at: lockedAt?.toISOString() ?? null }),
    });
    if (change === 'picks_reopened') {
      await this.securityLog.record('picks_reopened', { actor_id: admin?.id, details: `Picks of game ${game.id} reopened` }, manager);
    }
  }

  /** The changes of a game's outcome, newest first; 404 for a game that never existed. */
  async history(id: number): Promise<GameAudit[]> {
    const entries = await this.dataSource
      .getRepository(GameAudit)
      .find({ where: { game_id: id }, relations: { admin: true }, order: { created_at: 'DESC', id: 'DESC' } });
    if (entries.length === 0 && !(await this.games.existsBy({ id }))) throw new NotFoundException('Game not found');
    return entries;
  }

  /** DELETE /games/{id}, in its own transaction: see removeWithin. */
  async remove(id: number, actor: Principal | null = null, ip: string | null = null): Promise<void> {
    await this.dataSource.transaction((manager) => this.removeWithin(manager, actor, id, ip));
  }

  /**
   * A game deleted inside the caller's transaction (an import removes the games not ticked), recorded in the security
   * log. A game with picks is never deleted (nor its picks with it): 409 saying how many hold it.
   */
  removeWithin(manager: EntityManager, actor: Pick<Principal, 'id'> | null, id: number, ip: string | null = null, wording: GameRemovalWording = {}): Promise<void> {
    return within(manager, async (manager) => {
      const game = await this.load(manager, id);
      const name = `${game.away_team?.name} at ${game.home_team?.name}`;
      const picks = (await this.references.count(Game, [id], ['picks'], manager)).get(id)!.picks ?? 0;
      if (picks > 0) {
        const held = wording.held ?? ((counted: string) => `This game has ${counted}; delete them before deleting the game`);
        throw new ConflictException(held(countOf(picks, 'pick')));
      }
      await manager.getRepository(Game).delete(id);
      const details = `Deleted game ${id} (${name})${wording.by ? ` ${wording.by}` : ''}`;
      await this.securityLog.record('record_deleted', { actor_id: actor?.id, ip, details }, manager);
    });
  }

  /** Games with their pick windows at the server's "now"; the week statuses come in one batch. */
  async views(games: Game[]): Promise<GameView[]> {
    const weeks = [...new Map(games.map((game) => [game.week!.id, game.week!])).values()];
    const statuses = await this.calendar.statuses(weeks);
    const now = this.clock.now();
    return games.map((game) => ({ game, window: pickWindow(game, statuses.get(game.week_id)!, now) }));
  }

  private async load(manager: EntityManager, id: number): Promise<Game> {
    const game = await manager.getRepository(Game).findOne({ where: { id }, relations: RELATIONS });
    if (!game) throw new NotFoundException('Game not found');
    return game;
  }

  /**
   * The columns to write: the stored game (or a new one's defaults) with the request applied, its status, winner and
   * forfeit settled from the scores (game-rules.ts), checked against every rule of a game. Anything wrong is a 422
   * that names it.
   */
  private async settle(manager: EntityManager, current: Game | null, dto: CreateGameDto | UpdateGameDto): Promise<GameColumns> {
    const { game_date, ...fields } = dto;
    const change = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<GameColumns>;
    const base: Partial<GameColumns> = current
      ? {
          week_id: current.week_id,
          home_team_id: current.home_team_id,
          away_team_id: current.away_team_id,
          game_date: current.game_date,
          name: current.name,
          winner_team_id: current.winner_team_id,
          status: current.status,
          home_score: current.home_score,
          away_score: current.away_score,
          forfeit: current.forfeit,
          forfeit_reason: current.forfeit_reason,
          betting_line: current.betting_line,
          betting_line_team: current.betting_line_team,
          is_tiebreaker: current.is_tiebreaker,
          home_team_ranking: current.home_team_ranking,
          away_team_ranking: current.away_team_ranking,
        }
      : NEW_GAME;
    const result = { ...base, ...change, ...(game_date !== undefined ? { game_date: new Date(game_date) } : {}) } as GameColumns;

    const names = new Map<number, string>();
    for (const team of [current?.home_team, current?.away_team]) if (team) names.set(team.id, team.name);
    for (const team of await this.checkReferences(manager, current, result)) names.set(team.id, team.name);
    const settled = settleGame(current, result, change as OutcomeChange, (teamId) => names.get(teamId) ?? `team ${teamId}`);
    if (settled.violation !== null) throw new UnprocessableEntityException(settled.violation);
    await this.checkLine(manager, current, result);
    return { ...result, ...settled.game };
  }

  /**
   * The season's rules on lines (docs/pool-formats.md#games), for a line the request sets or changes: against the
   * spread the line members picked against is frozen (an import's line update too, which comes through here), and a
   * half-point season refuses a whole line.
   */
  private async checkLine(manager: EntityManager, current: Game | null, result: GameColumns): Promise<void> {
    if (current ? sameLine(current, result) : result.betting_line === null) return;
    const seasonId =
      current?.week_id === result.week_id
        ? current.week!.football_season_id
        : (await manager.getRepository(Week).findOneOrFail({ where: { id: result.week_id }, select: { id: true, football_season_id: true } })).football_season_id;
    const rules = await this.seasonRules.within(manager, seasonId);
    if (current && rules.pick_mode === 'spread' && (await this.hasPicks(manager, current.id))) throw new ConflictException(LINE_RULES.frozen);
    if (rules.half_point_lines && isWholeLine(result.betting_line)) throw new UnprocessableEntityException(LINE_RULES.halfPoints);
  }

  /** The week and teams a game names must exist (only those the request changes are looked up); answers the teams found. */
  private async checkReferences(manager: EntityManager, current: Game | null, result: GameColumns): Promise<Pick<Team, 'id' | 'name'>[]> {
    if (result.week_id !== current?.week_id && !(await manager.getRepository(Week).existsBy({ id: result.week_id }))) {
      throw new UnprocessableEntityException('week_id does not match any week');
    }
    const named = (['home_team_id', 'away_team_id'] as const).filter((field) => result[field] !== current?.[field]);
    if (named.length === 0) return [];
    const teams = await manager.getRepository(Team).find({ where: { id: In(named.map((field) => result[field])) }, select: { id: true, name: true } });
    const found = new Set(teams.map((team) => team.id));
    const missing = named.find((field) => !found.has(result[field]));
    if (missing) throw new UnprocessableEntityException(`${missing} does not match any team`);
    return teams;
  }

  /**
   * One change of a game's outcome, written in the transaction that makes it. Without an admin the change is the
   * system's, which is only ever the score sync: its entries say so, so they never read as an admin's.
   */
  private async audit(manager: EntityManager, admin: User | null, gameId: number, before: GameOutcome | null, after: GameOutcome): Promise<void> {
    await manager.insert(GameAudit, {
      game_id: gameId,
      admin_id: admin?.id ?? null,
      action: admin === null ? 'score_sync' : before ? 'update' : 'create',
      previous_value: before && JSON.stringify(outcomeOf(before)),
      new_value: JSON.stringify(outcomeOf(after)),
    });
  }

  /** Whether any pick names the game (counted by table: picks sit on a floor above games). */
  private async hasPicks(manager: EntityManager, id: number): Promise<boolean> {
    return ((await this.references.count(Game, [id], ['picks'], manager)).get(id)!.picks ?? 0) > 0;
  }
}
