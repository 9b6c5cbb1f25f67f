import { ForbiddenException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsWhere, In, Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { CachedReads } from '../database/cached-reads';
import { LeanTable } from '../database/lean-table';
import { ListPage, ListParams, orderOf } from '../common/list/list-query';
import { Game } from '../games/entities/game.entity';
import { TEAM_FIELDS } from '../teams/team-fields';
import { WEEK_STATUS_FIELDS } from '../seasons/weeks/week-status';
import { pickWindow } from '../games/pick-window';
import { SeasonRulesReader } from '../games/season-rules.reader';
import type { SeasonRules } from '../seasons/season-rules';
import { SecurityLog } from '../security/security-log.service';
import { Team } from '../teams/entities/team.entity';
import { User } from '../users/entities/user.entity';
import { Week } from '../seasons/weeks/entities/week.entity';
import { WeekCalendar } from '../seasons/weeks/week-calendar.service';
import { CreatePickDto } from './dto/create-pick.dto';
import { PickFilterDto } from './dto/pick-filter.dto';
import { PICK_RELATIONS } from './dto/pick-response.dto';
import { UpdatePickDto } from './dto/update-pick.dto';
import { PickAudit } from './entities/pick-audit.entity';
import { Pick } from './entities/pick.entity';
import { PickChange, PickChangeNotifier } from './pick-change-notifier';
import {
  correctnessFor,
  given,
  nextScores,
  PICK_MESSAGES,
  PickAuditAction,
  placementError,
  PlacementRequest,
  placePick,
  PickValue,
  selectedWinnerMessage,
  teamNamed,
  tiebreakerError,
} from './pick-rules';
import { isRetryableConflict, retryOnConflict } from '../database/retry-on-conflict';

const SORTABLE = ['created_at', 'updated_at', 'user_id', 'game_id', 'week_id', 'selected_team_id', 'is_correct', 'user.name', 'game.game_date'] as const;
const DEFAULT_ORDER = { game: { game_date: 'ASC' }, user: { name: 'ASC' }, id: 'ASC' } as const;

const isAdmin = (user: User) => user.role === 'admin';

const valueOf = (pick: Pick, team: Team): PickValue => ({
  selected_winner: team.name,
  is_correct: pick.is_correct,
  tiebreaker_home_score: pick.tiebreaker_home_score,
  tiebreaker_away_score: pick.tiebreaker_away_score,
  confidence: pick.confidence,
  is_lock: pick.is_lock,
});

const storedFields = ({ selected_team_id, is_correct, tiebreaker_home_score, tiebreaker_away_score, confidence, is_lock }: Pick): PickWrite['fields'] => ({
  selected_team_id,
  is_correct,
  tiebreaker_home_score,
  tiebreaker_away_score,
  confidence,
  is_lock,
});

/** Whether the season places picks in their week (confidence points, a lock): a save then reads the member's week. */
const placing = (rules: SeasonRules) => rules.confidence_points || rules.lock_of_week;

/** A pick's confidence points and lock after a request. */
interface Placed {
  confidence: number | null;
  is_lock: boolean;
}

/** A saved pick as stored, and whether the save created it. */
interface SavedPick {
  stored: Partial<Pick>;
  created: boolean;
}

/** The stored fields of a pick after a request, and how it reads. */
interface PickWrite {
  fields: { selected_team_id: number; is_correct: boolean | null; tiebreaker_home_score: number | null; tiebreaker_away_score: number | null } & Placed;
  value: PickValue;
}

/**
 * Members' picks and the admin override (docs/product.md#validation, #permissions, #api). Members change their own picks while the game's pick
 * window is open; admins change any member's pick at any time, and each such change is audited and e-mailed (the
 * audit row and the e-mail are written in the change's transaction).
 */
@Injectable()
export class PicksService {
  private readonly leanGames: LeanTable<Game>;
  private readonly gameById: string;
  private readonly leanPicks: LeanTable<Pick>;
  private readonly byMemberAndGame: string;
  /** The member's picks of a week without joins, to read under lock (a join would lock the teams' rows too). */
  private readonly weekPicks: LeanTable<Pick>;
  private readonly byMemberAndWeek: string;

  constructor(
    @InjectRepository(Pick) private readonly picks: Repository<Pick>,
    @InjectRepository(PickAudit) private readonly audits: Repository<PickAudit>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly dataSource: DataSource,
    private readonly calendar: WeekCalendar,
    private readonly clock: Clock,
    private readonly notifier: PickChangeNotifier,
    private readonly reads: CachedReads,
    private readonly securityLog: SecurityLog,
    private readonly seasonRules: SeasonRulesReader,
  ) {
    // Saving a pick is the kickoff rush's request: its reads are single prepared statements.
    this.leanGames = new LeanTable(dataSource, Game, 'game', { home_team: TEAM_FIELDS, away_team: TEAM_FIELDS, week: WEEK_STATUS_FIELDS });
    this.gameById = `${this.leanGames.column('id')} = ?`;
    this.leanPicks = new LeanTable(dataSource, Pick, 'pick', { selected_team: TEAM_FIELDS });
    this.byMemberAndGame = `${this.leanPicks.column('user_id')} = ? AND ${this.leanPicks.column('game_id')} = ?`;
    this.weekPicks = new LeanTable(dataSource, Pick, 'pick');
    this.byMemberAndWeek = `${this.weekPicks.column('user_id')} = ? AND ${this.weekPicks.column('week_id')} = ?`;
  }


  /** A member sees only their own picks (asking for someone else's is a 403); an admin sees every pick. */
  async findAll(viewer: User, list: ListParams<PickFilterDto>): Promise<ListPage<Pick>> {
    const { football_season_id, week_id, game_id } = list.filter;
    let { user_id } = list.filter;
    if (!isAdmin(viewer)) {
      if (user_id !== undefined && user_id !== viewer.id) throw new ForbiddenException('You can only see your own picks');
      user_id = viewer.id;
    }
    const where: FindOptionsWhere<Pick> = {
      ...(list.ids ? { id: In(list.ids) } : {}),
      ...(user_id !== undefined ? { user_id } : {}),
      ...(week_id !== undefined ? { week_id } : {}),
      ...(game_id !== undefined ? { game_id } : {}),
      ...(football_season_id !== undefined ? { week: { football_season_id } } : {}),
    };
    const [items, total] = await this.picks.findAndCount({
      where,
      relations: PICK_RELATIONS,
      order: orderOf(list, SORTABLE, DEFAULT_ORDER),
      skip: list.skip,
      take: list.take,
    });
    return { items, total };
  }

  /** The owner's or, for an admin, anyone's pick; anyone else is told it does not exist. */
  async findOne(viewer: User, id: number): Promise<Pick> {
    const pick = await this.picks.findOne({ where: { id }, relations: PICK_RELATIONS });
    if (!pick || (!isAdmin(viewer) && pick.user_id !== viewer.id)) throw new NotFoundException(PICK_MESSAGES.notFound);
    return pick;
  }

  /**
   * POST /picks: creates the pick, or updates the member's pick of that game when there is one (`created` says
   * which). With user_id, an admin's override for that member, allowed at any time. In a season where the
   * commissioner plays, an admin's POST without user_id (or with their own) is their own pick, under every member rule.
   */
  async save(viewer: User, dto: CreatePickDto, ip: string | null = null): Promise<{ pick: Pick; created: boolean }> {
    const game = await this.gameFor(dto.game_id, viewer);
    const rules = await this.seasonRules.cached(game.week!.football_season_id);
    const member = await this.memberFor(viewer, dto.user_id, rules);
    const admin = member.id === viewer.id ? null : viewer;
    const team = teamNamed(game, dto.selected_winner);
    await this.check(admin === null, game, [
      team ? null : selectedWinnerMessage(game),
      dto.week_id != null && dto.week_id !== game.week_id ? PICK_MESSAGES.weekMismatch : null,
      tiebreakerError(game, dto.tiebreaker_home_score, dto.tiebreaker_away_score),
      await this.placementFault(rules, game, dto),
    ]);
    // Only a placed pick (confidence, lock) or an override needs the transaction; a plain member save stays unlocked.
    const unlocked = admin === null && !placing(rules);
    const saved = (unlocked ? await this.saveUnlocked(member, game, team!, dto, rules) : null) ?? (await this.saveLocked(member, game, team!, dto, rules, admin, ip));
    const pick = Object.assign(new Pick(), saved.stored, { user: member, game, selected_team: team! });
    return { pick, created: saved.created };
  }

  /**
   * PUT/PATCH /picks/{id}: a member changes their own pick while its window is open; an admin changes any pick at
   * any time and may also set is_correct.
   */
  async update(viewer: User, id: number, dto: UpdatePickDto, ip: string | null = null): Promise<Pick> {
    const pick = await this.findOne(viewer, id);
    const game = await this.gameFor(pick.game_id, viewer);
    const rules = await this.seasonRules.cached(game.week!.football_season_id);
    const team = dto.selected_winner === undefined ? pick.selected_team! : teamNamed(game, dto.selected_winner);
    const overrides = this.overrides(viewer, pick, rules);
    await this.check(!overrides, game, [
      team ? null : selectedWinnerMessage(game),
      dto.game_id != null && dto.game_id !== pick.game_id ? PICK_MESSAGES.gameMismatch : null,
      dto.week_id != null && dto.week_id !== pick.week_id ? PICK_MESSAGES.weekMismatch : null,
      dto.user_id != null && dto.user_id !== pick.user_id ? PICK_MESSAGES.userMismatch : null,
      tiebreakerError(game, dto.tiebreaker_home_score, dto.tiebreaker_away_score),
      await this.placementFault(rules, game, dto),
    ]);
    const admin = overrides ? { admin: viewer, reason: dto.reason ?? null } : null;

    await this.write(async (manager) => {
      const current = await manager.findOne(Pick, { where: { id }, relations: { selected_team: true } });
      if (!current) throw new NotFoundException(PICK_MESSAGES.notFound);
      const placed = await this.place(manager, rules, pick.user!, game, current, dto, admin, ip);
      const write = this.merge(game, current, team!, dto, admin ? dto.is_correct : undefined, placed);
      await manager.update(Pick, id, write.fields);
      const previous = valueOf(current, current.selected_team!);
      if (admin) await this.recordAdminChange(manager, current, { ...admin, action: 'update', member: pick.user!, game, previous, next: write.value }, ip);
    });

    return this.findOne(viewer, id);
  }

  /**
   * DELETE /picks/{id}: a member's own pick while its window is open; any pick, at any time, for an admin (who may
   * say why).
   */
  async remove(viewer: User, id: number, reason: string | null = null, ip: string | null = null): Promise<void> {
    const pick = await this.findOne(viewer, id);
    const game = await this.gameFor(pick.game_id, viewer);
    const overrides = this.overrides(viewer, pick, await this.seasonRules.cached(game.week!.football_season_id));
    await this.check(!overrides, game, []);
    const admin = overrides ? { admin: viewer, reason } : null;

    await this.write(async (manager) => {
      const current = await manager.findOne(Pick, { where: { id }, relations: { selected_team: true } });
      if (!current) throw new NotFoundException(PICK_MESSAGES.notFound);
      await manager.delete(Pick, id);
      const value = valueOf(current, current.selected_team!);
      if (admin) await this.recordAdminChange(manager, current, { ...admin, action: 'delete', member: pick.user!, game, previous: value, next: null }, ip);
    });
  }

  /** The admin changes of a pick, newest first; still there after the pick was deleted. */
  async history(id: number): Promise<PickAudit[]> {
    const entries = await this.audits.find({ where: { pick_id: id }, relations: { admin: true }, order: { created_at: 'DESC', id: 'DESC' } });
    if (entries.length === 0 && !(await this.picks.existsBy({ id }))) throw new NotFoundException(PICK_MESSAGES.notFound);
    return entries;
  }

  /**
   * Whose pick a POST makes: the member's own, or for an admin the member named by user_id (their own in a season
   * where the commissioner plays).
   */
  private async memberFor(viewer: User, userId: number | null | undefined, rules: SeasonRules): Promise<User> {
    if (!isAdmin(viewer)) {
      if (userId != null && userId !== viewer.id) throw new ForbiddenException('You can only make your own picks');
      return viewer;
    }
    if (userId == null || userId === viewer.id) {
      if (rules.commissioner_plays) return viewer;
      throw new UnprocessableEntityException(PICK_MESSAGES.adminsDoNotPick);
    }
    const member = await this.users.findOneBy({ id: userId });
    if (!member) throw new UnprocessableEntityException('user_id does not match any user');
    if (member.role === 'admin') throw new UnprocessableEntityException(PICK_MESSAGES.adminsDoNotPick);
    return member;
  }

  /**
   * The game a pick is for. A member's save reads it through CachedReads (every member of the pool picks the same
   * ten games); an admin's reads the row itself, since an override may be made the moment after a score is entered
   * on another instance and derives is_correct from the winner.
   */
  private async gameFor(id: number, viewer: User): Promise<Game> {
    const read = async () => ({ game: (await this.leanGames.find(this.gameById, [id]))[0] as Game | undefined });
    const { game } = isAdmin(viewer) ? await read() : await this.reads.read([Game, Week, Team], `pick game ${id}`, read);
    if (!game) throw new UnprocessableEntityException('game_id does not match any game');
    return game;
  }

  /** Whether an admin's change of a pick is an override: any pick but their own in a season where the commissioner plays. */
  private overrides(viewer: User, pick: Pick, rules: SeasonRules): boolean {
    return isAdmin(viewer) && !(pick.user_id === viewer.id && rules.commissioner_plays);
  }

  /**
   * Refuses a request that breaks a rule: for a member (bound by the pick window), a closed window comes first with
   * the spec's text (an admin's override is not bound by it), then the request's own faults.
   */
  private async check(bound: boolean, game: Game, faults: (string | null)[]): Promise<void> {
    const refusal = bound ? (await this.windowOf(game)).refusal : null;
    const errors = [refusal, ...faults].filter((fault): fault is string => fault !== null);
    if (errors.length > 0) throw new UnprocessableEntityException({ errors });
  }

  private async windowOf(game: Game) {
    return pickWindow(game, await this.calendar.statusOf(game.week!), this.clock.now());
  }

  /** What is wrong with a request's confidence and lock in this season (placementError), or null. */
  private async placementFault(rules: SeasonRules, game: Game, request: PlacementRequest): Promise<string | null> {
    const gamesInWeek = given(request.confidence) && rules.confidence_points ? await this.gamesInWeek(game.week_id) : 0;
    return placementError(rules, request, gamesInWeek);
  }

  /** N of confidence points: the games of the week (read like the game itself, through CachedReads). */
  private async gamesInWeek(weekId: number): Promise<number> {
    const where = `${this.leanGames.column('week_id')} = ?`;
    return (await this.reads.read([Game], `games in week ${weekId}`, async () => ({ count: await this.leanGames.count(where, [weekId]) }))).count;
  }

  /**
   * The pick's confidence and lock after a request (placePick), inside its save's transaction. In a confidence or
   * lock season the member's picks of the week are read under lock and the picks that move with this one (the swap
   * partner, the former lock) are written first; a member's must still be open. An admin's override moves them at
   * any time and audits each. Writes run in an order the unique key (user_id, week_id, confidence) accepts: this
   * pick gives up its number before the partner takes it.
   */
  private async place(
    manager: EntityManager,
    rules: SeasonRules,
    member: User,
    game: Game,
    current: Pick | null,
    request: PlacementRequest,
    admin: { admin: User; reason: string | null } | null,
    ip: string | null,
  ): Promise<Placed> {
    if (!placing(rules)) return placePick(rules, current, [], request, 0);
    const week = await this.weekPicks.find(this.byMemberAndWeek, [member.id, game.week_id], undefined, {}, manager, true);
    const own = week.find((pick) => pick.game_id === game.id) ?? null;
    const others = week.filter((pick) => pick !== own);
    const placement = placePick(rules, own, others, request, await this.gamesInWeek(game.week_id));
    if (placement.moves.length === 0) return placement;

    const moved = new Map(others.filter((pick) => placement.moves.some((move) => move.id === pick.id)).map((pick) => [pick.id, pick]));
    const gameIds = [...new Set([...moved.values()].map((pick) => pick.game_id))];
    const games = new Map((await this.leanGames.find(this.leanGames.isIn('id', gameIds.length), gameIds, undefined, {}, manager)).map((row) => [row.id, row]));
    const matchup = (of: Game) => `${of.away_team!.name} @ ${of.home_team!.name}`;
    if (!admin) {
      for (const move of placement.moves) {
        const partner = moved.get(move.id)!;
        const partnerGame = games.get(partner.game_id)!;
        if ((await this.windowOf(partnerGame)).refusal === null) continue;
        const refusal = move.is_lock === false ? PICK_MESSAGES.lockStarted(matchup(partnerGame)) : PICK_MESSAGES.partnerStarted(partner.confidence!, matchup(partnerGame));
        throw new UnprocessableEntityException(refusal);
      }
    }
    if (own?.confidence != null && placement.moves.some((move) => move.confidence !== undefined)) {
      await this.weekPicks.update(own.id, { confidence: null }, manager);
    }
    for (const { id, ...moves } of placement.moves) {
      const before = moved.get(id)!;
      await this.weekPicks.update(id, { ...moves, updated_at: new Date() }, manager);
      if (!admin) continue;
      const partnerGame = games.get(before.game_id)!;
      const team = before.selected_team_id === partnerGame.home_team_id ? partnerGame.home_team! : partnerGame.away_team!;
      const previous = valueOf(before, team);
      await this.recordAdminChange(manager, before, { ...admin, action: 'update', member, game: partnerGame, previous, next: { ...previous, ...moves } }, ip);
    }
    return placement;
  }

  /** The pick's stored fields after a request; scores left out stay, a changed team re-derives is_correct. */
  private merge(
    game: Game,
    current: Pick | null,
    team: Team,
    scores: { tiebreaker_home_score?: number | null; tiebreaker_away_score?: number | null },
    isCorrect: boolean | null | undefined,
    placed: Placed,
  ): PickWrite {
    const is_correct =
      isCorrect !== undefined ? isCorrect : current && current.selected_team_id === team.id ? current.is_correct : correctnessFor(game, team.id);
    const fields = {
      selected_team_id: team.id,
      is_correct,
      ...nextScores(current, scores.tiebreaker_home_score, scores.tiebreaker_away_score),
      confidence: placed.confidence,
      is_lock: placed.is_lock,
    };
    const { tiebreaker_home_score, tiebreaker_away_score, confidence, is_lock } = fields;
    return { fields, value: { selected_winner: team.name, is_correct, tiebreaker_home_score, tiebreaker_away_score, confidence, is_lock } };
  }

  /** An admin's change of a pick, inside its transaction: the audit row, the security log's entry and the e-mail that tells the member. */
  private async recordAdminChange(manager: EntityManager, pick: { id: number; user_id: number; game_id: number }, change: PickChange, ip: string | null): Promise<void> {
    const { admin, action, previous, next, reason } = change;
    await manager.insert(PickAudit, {
      pick_id: pick.id,
      user_id: pick.user_id,
      game_id: pick.game_id,
      admin_id: admin.id,
      action,
      previous_value: previous && JSON.stringify(previous),
      new_value: next && JSON.stringify(next),
      reason,
    });
    const winner = (value: PickValue | null) => value?.selected_winner ?? 'no pick';
    const details = `Pick ${pick.id} of game ${pick.game_id} (${action}): ${winner(previous)} -> ${winner(next)}`;
    await this.securityLog.record('pick_override', { user_id: pick.user_id, actor_id: admin.id, email: change.member.email, ip, details }, manager);
    await this.notifier.notify(manager, change);
  }

  /**
   * A member's save, without a transaction: the pick is read, merged and written only if it is still as read (an
   * UPDATE conditioned on the values read, or an INSERT that the unique key refuses when a first save of the same
   * pick won). Two statements, where the transaction with a locked read takes five round trips to MySQL/MariaDB:
   * this is the kickoff rush's request. Null when another save of the same pick got in between; the caller then
   * saves under lock, which merges with the winner's row.
   */
  private async saveUnlocked(member: User, game: Game, team: Team, dto: CreatePickDto, rules: SeasonRules): Promise<SavedPick | null> {
    const [existing = null] = await this.leanPicks.find(this.byMemberAndGame, [member.id, game.id]);
    const { fields } = this.merge(game, existing, team, dto, undefined, placePick(rules, existing, [], dto, 0));
    try {
      const stored = await this.store(this.dataSource.manager, member, game, existing, fields, existing && storedFields(existing));
      return stored && { stored, created: !existing };
    } catch (error) {
      // A first save of the same pick won the unique key, or the database chose this statement as a deadlock's loser.
      if (isRetryableConflict(error)) return null;
      throw error;
    }
  }

  /**
   * A save in one transaction with the pick read under lock, placed among the member's week; an admin's override is
   * audited and e-mailed in it.
   */
  private saveLocked(member: User, game: Game, team: Team, dto: CreatePickDto, rules: SeasonRules, admin: User | null, ip: string | null = null): Promise<SavedPick> {
    return this.write(async (manager) => {
      const existing = await this.existingPick(manager, member.id, game.id);
      const placed = await this.place(manager, rules, member, game, existing, dto, admin && { admin, reason: dto.reason ?? null }, ip);
      const write = this.merge(game, existing, team, dto, undefined, placed);
      // Read under lock (or, on SQLite, inside the write gate): nothing can change it before this write.
      const stored = (await this.store(manager, member, game, existing, write.fields))!;
      if (admin) {
        const previous = existing ? valueOf(existing, existing.selected_team!) : null;
        const action: PickAuditAction = existing ? 'update' : 'create';
        const change = { admin, reason: dto.reason ?? null, action, member, game, previous, next: write.value };
        await this.recordAdminChange(manager, { id: stored.id!, user_id: member.id, game_id: game.id }, change, ip);
      }
      return { stored, created: !existing };
    });
  }

  /**
   * Writes the merged pick and answers the stored row (built from what was written, not read back); null when the
   * existing pick was changed by another request since it was read.
   */
  private async store(
    manager: EntityManager,
    member: User,
    game: Game,
    existing: Pick | null,
    fields: PickWrite['fields'],
    /** The existing pick's fields as read, for a write that must not land on a pick changed since. */
    asRead: PickWrite['fields'] | null = null,
  ): Promise<Partial<Pick> | null> {
    const now = new Date();
    if (existing) {
      if (!(await this.leanPicks.update(existing.id, { ...fields, updated_at: now }, manager, asRead ?? {}))) return null;
      return { ...existing, ...fields, updated_at: now };
    }
    const stored: Partial<Pick> = { user_id: member.id, game_id: game.id, week_id: game.week_id, ...fields, created_at: now, updated_at: now };
    stored.id = await this.leanPicks.insert(stored, manager);
    return stored;
  }

  /**
   * The member's pick of a game inside a save's transaction. Where the database has row locks (MySQL/MariaDB) a pick
   * that exists is read again under lock, so two saves of it at once merge one after the other (a save without
   * scores keeps the scores the other just stored). Only an existing pick is locked: locking one that does not exist
   * would lock the gap around it, and first saves of different members would deadlock there. Two first saves of the
   * same pick are settled by the unique key instead (the loser retries as an update).
   */
  private async existingPick(manager: EntityManager, userId: number, gameId: number): Promise<Pick | null> {
    const [found = null] = await this.leanPicks.find(this.byMemberAndGame, [userId, gameId], undefined, {}, manager);
    if (!found || !this.leanPicks.locksRows) return found;
    const [locked = null] = await this.leanPicks.find(this.byMemberAndGame, [userId, gameId], undefined, {}, manager, true);
    return locked;
  }

  /** A pick write in one transaction, run again when a concurrent request won the race for the same pick. */
  private write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return retryOnConflict(() => this.dataSource.transaction(work));
  }
}
