import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { CachedReads } from '../database/cached-reads';
import { LeanTable } from '../database/lean-table';
import { retryOnConflict } from '../database/retry-on-conflict';
import { Game } from '../games/entities/game.entity';
import { pickWindow } from '../games/pick-window';
import type { SeasonRules } from '../seasons/season-rules';
import { Week } from '../seasons/weeks/entities/week.entity';
import { WeekCalendarService } from '../seasons/weeks/week-calendar.service';
import { WEEK_STATUS_FIELDS } from '../seasons/weeks/week-status';
import { Team } from '../teams/entities/team.entity';
import { TEAM_FIELDS } from '../teams/team-fields';
import { User } from '../users/entities/user.entity';
import { CreatePickDto } from './dto/create-pick.dto';
import { UpdatePickDto } from './dto/update-pick.dto';
import { Pick } from './entities/pick.entity';
import type { PickChange } from './pick-change-notifier';
import { correctnessFor, given, nextScores, PICK_MESSAGES, PickAuditAction, placementError, PlacementRequest, placePick, PickValue } from './pick-rules';

export const isAdmin = (user: User) => user.role === 'admin';

export const valueOf = (pick: Pick, team: Team): PickValue => ({
  selected_winner: team.name,
  is_correct: pick.is_correct,
  tiebreaker_home_score: pick.tiebreaker_home_score,
  tiebreaker_away_score: pick.tiebreaker_away_score,
  confidence: pick.confidence,
  is_lock: pick.is_lock,
});

/** Whether the season places picks in their week (confidence points, a lock): a save then reads the member's week. */
export const placing = (rules: SeasonRules) => rules.confidence_points || rules.lock_of_week;

/** A pick's confidence points and lock after a request. */
interface Placed {
  confidence: number | null;
  is_lock: boolean;
}

/** A saved pick as stored, and whether the save created it. */
export interface SavedPick {
  stored: Partial<Pick>;
  created: boolean;
}

/** The stored fields of a pick after a request, and how it reads. */
export interface PickWrite {
  fields: { selected_team_id: number; is_correct: boolean | null; tiebreaker_home_score: number | null; tiebreaker_away_score: number | null } & Placed;
  value: PickValue;
}

/** An admin's override in progress: who makes it, why, and how each change it makes is recorded in its transaction. */
export interface OverrideAudit {
  admin: User;
  reason: string | null;
  record(manager: EntityManager, pick: { id: number; user_id: number; game_id: number }, change: PickChange): Promise<void>;
}

/**
 * The reads, checks and writes a member's save and an admin's override share (docs/product.md#validation). Where
 * they differ, `audit` is null for a member's own change (bound by the pick window) and the override's audit for an
 * admin's (not bound by it, every change recorded).
 */
@Injectable()
export class PickStore {
  private readonly leanGames: LeanTable<Game>;
  private readonly gameById: string;
  private readonly leanPicks: LeanTable<Pick>;
  private readonly byMemberAndGame: string;
  /** The member's picks of a week without joins, to read under lock (a join would lock the teams' rows too). */
  private readonly weekPicks: LeanTable<Pick>;
  private readonly byMemberAndWeek: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly calendar: WeekCalendarService,
    private readonly clock: Clock,
    private readonly reads: CachedReads,
  ) {
    // Saving a pick is the kickoff rush's request: its reads are single prepared statements.
    this.leanGames = new LeanTable(dataSource, Game, 'game', { home_team: TEAM_FIELDS, away_team: TEAM_FIELDS, week: WEEK_STATUS_FIELDS });
    this.gameById = `${this.leanGames.column('id')} = ?`;
    this.leanPicks = new LeanTable(dataSource, Pick, 'pick', { selected_team: TEAM_FIELDS });
    this.byMemberAndGame = `${this.leanPicks.column('user_id')} = ? AND ${this.leanPicks.column('game_id')} = ?`;
    this.weekPicks = new LeanTable(dataSource, Pick, 'pick');
    this.byMemberAndWeek = `${this.weekPicks.column('user_id')} = ? AND ${this.weekPicks.column('week_id')} = ?`;
  }

  /**
   * The game a pick is for. A member's save reads it through CachedReads (every member of the pool picks the same
   * ten games); an admin's reads the row itself, since an override may be made the moment after a score is entered
   * on another instance and derives is_correct from the winner.
   */
  async gameFor(id: number, viewer: User): Promise<Game> {
    const read = async () => ({ game: (await this.leanGames.find(this.gameById, [id]))[0] as Game | undefined });
    const { game } = isAdmin(viewer) ? await read() : await this.reads.read([Game, Week, Team], `pick game ${id}`, read);
    if (!game) throw new UnprocessableEntityException('game_id does not match any game');
    return game;
  }

  /**
   * Refuses a request that breaks a rule: for a member (bound by the pick window), a closed window comes first with
   * the spec's text (an admin's override is not bound by it), then the request's own faults.
   */
  async check(bound: boolean, game: Game, faults: (string | null)[]): Promise<void> {
    const refusal = bound ? (await this.windowOf(game)).refusal : null;
    const errors = [refusal, ...faults].filter((fault): fault is string => fault !== null);
    if (errors.length > 0) throw new UnprocessableEntityException({ errors });
  }

  private async windowOf(game: Game) {
    return pickWindow(game, await this.calendar.statusOf(game.week!), this.clock.now());
  }

  /** What is wrong with a request's confidence and lock in this season (placementError), or null. */
  async placementFault(rules: SeasonRules, game: Game, request: PlacementRequest): Promise<string | null> {
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
    audit: OverrideAudit | null,
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
    if (!audit) {
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
      if (!audit) continue;
      const partnerGame = games.get(before.game_id)!;
      const team = before.selected_team_id === partnerGame.home_team_id ? partnerGame.home_team! : partnerGame.away_team!;
      const previous = valueOf(before, team);
      const { admin, reason } = audit;
      await audit.record(manager, before, { admin, reason, action: 'update', member, game: partnerGame, previous, next: { ...previous, ...moves } });
    }
    return placement;
  }

  /** The pick's stored fields after a request; scores left out stay, a changed team re-derives is_correct. */
  merge(
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

  /** The member's pick of a game as it is now, outside any transaction. */
  async currentPick(userId: number, gameId: number): Promise<Pick | null> {
    const [existing = null] = await this.leanPicks.find(this.byMemberAndGame, [userId, gameId]);
    return existing;
  }

  /**
   * A save in one transaction with the pick read under lock, placed among the member's week; an admin's override is
   * audited and e-mailed in it.
   */
  saveLocked(member: User, game: Game, team: Team, dto: CreatePickDto, rules: SeasonRules, audit: OverrideAudit | null): Promise<SavedPick> {
    return this.write(async (manager) => {
      const existing = await this.existingPick(manager, member.id, game.id);
      const placed = await this.place(manager, rules, member, game, existing, dto, audit);
      const write = this.merge(game, existing, team, dto, undefined, placed);
      // Read under lock (or, on SQLite, inside the write gate): nothing can change it before this write.
      const stored = (await this.store(manager, member, game, existing, write.fields))!;
      if (audit) {
        const previous = existing ? valueOf(existing, existing.selected_team!) : null;
        const action: PickAuditAction = existing ? 'update' : 'create';
        const change = { admin: audit.admin, reason: audit.reason, action, member, game, previous, next: write.value };
        await audit.record(manager, { id: stored.id!, user_id: member.id, game_id: game.id }, change);
      }
      return { stored, created: !existing };
    });
  }

  /** An update of a pick in one transaction, read again inside it; an override may also set is_correct and is audited. */
  async rewrite(pick: Pick, game: Game, team: Team, dto: UpdatePickDto, rules: SeasonRules, audit: OverrideAudit | null): Promise<void> {
    await this.write(async (manager) => {
      const current = await manager.findOne(Pick, { where: { id: pick.id }, relations: { selected_team: true } });
      if (!current) throw new NotFoundException(PICK_MESSAGES.notFound);
      const placed = await this.place(manager, rules, pick.user!, game, current, dto, audit);
      const write = this.merge(game, current, team, dto, audit ? dto.is_correct : undefined, placed);
      await manager.update(Pick, pick.id, write.fields);
      const previous = valueOf(current, current.selected_team!);
      if (audit) {
        const { admin, reason } = audit;
        await audit.record(manager, current, { admin, reason, action: 'update', member: pick.user!, game, previous, next: write.value });
      }
    });
  }

  /** A deletion of a pick in one transaction; an override's is audited. */
  async erase(pick: Pick, game: Game, audit: OverrideAudit | null): Promise<void> {
    await this.write(async (manager) => {
      const current = await manager.findOne(Pick, { where: { id: pick.id }, relations: { selected_team: true } });
      if (!current) throw new NotFoundException(PICK_MESSAGES.notFound);
      await manager.delete(Pick, pick.id);
      const value = valueOf(current, current.selected_team!);
      if (audit) {
        const { admin, reason } = audit;
        await audit.record(manager, current, { admin, reason, action: 'delete', member: pick.user!, game, previous: value, next: null });
      }
    });
  }

  /**
   * Writes the merged pick and answers the stored row (built from what was written, not read back); null when the
   * existing pick was changed by another request since it was read.
   */
  async store(
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
