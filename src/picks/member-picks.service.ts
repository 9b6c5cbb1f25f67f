import { ForbiddenException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, FindOptionsWhere, In, Repository } from 'typeorm';
import { ListPage, ListParams, orderOf } from '../common/list/list-query';
import { isRetryableConflict } from '../database/retry-on-conflict';
import { Game } from '../games/entities/game.entity';
import { SeasonRulesReader } from '../games/season-rules.reader';
import type { SeasonRules } from '../seasons/season-rules';
import { Team } from '../teams/entities/team.entity';
import { User } from '../users/entities/user.entity';
import { CreatePickDto } from './dto/create-pick.dto';
import { PickFilterDto } from './dto/pick-filter.dto';
import { PICK_RELATIONS } from './dto/pick-response.dto';
import { UpdatePickDto } from './dto/update-pick.dto';
import { Pick } from './entities/pick.entity';
import { PickOverridesService } from './pick-overrides.service';
import { PICK_MESSAGES, placePick, selectedWinnerMessage, teamNamed, tiebreakerError } from './pick-rules';
import { isAdmin, PickStore, PickWrite, placing, SavedPick } from './pick.store';

const SORTABLE = ['created_at', 'updated_at', 'user_id', 'game_id', 'week_id', 'selected_team_id', 'is_correct', 'user.name', 'game.game_date'] as const;
const DEFAULT_ORDER = { game: { game_date: 'ASC' }, user: { name: 'ASC' }, id: 'ASC' } as const;

const storedFields = ({ selected_team_id, is_correct, tiebreaker_home_score, tiebreaker_away_score, confidence, is_lock }: Pick): PickWrite['fields'] => ({
  selected_team_id,
  is_correct,
  tiebreaker_home_score,
  tiebreaker_away_score,
  confidence,
  is_lock,
});

/** A season that runs only its survivor contest takes no pick'em picks (docs/pool-formats.md#survivor). */
function assertPickem(rules: SeasonRules): void {
  if (!rules.pickem) throw new UnprocessableEntityException(PICK_MESSAGES.noPickem);
}

/**
 * Members' picks (docs/product.md#validation, #permissions, #api): members read their own picks and change them while
 * the game's pick window is open. Every request is checked here; an admin's change of a member's pick is an override
 * and is handed, checked, to PickOverridesService.
 */
@Injectable()
export class MemberPicksService {
  constructor(
    @InjectRepository(Pick) private readonly picks: Repository<Pick>,
    private readonly dataSource: DataSource,
    private readonly store: PickStore,
    private readonly overrides: PickOverridesService,
    private readonly seasonRules: SeasonRulesReader,
  ) {}

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
    const game = await this.store.gameFor(dto.game_id, viewer);
    const rules = await this.seasonRules.cached(game.week!.football_season_id);
    assertPickem(rules);
    const member = await this.memberFor(viewer, dto.user_id, rules);
    const override = member.id !== viewer.id;
    const team = teamNamed(game, dto.selected_winner);
    await this.store.check(!override, game, [
      team ? null : selectedWinnerMessage(game),
      dto.week_id != null && dto.week_id !== game.week_id ? PICK_MESSAGES.weekMismatch : null,
      tiebreakerError(game, dto.tiebreaker_home_score, dto.tiebreaker_away_score),
      await this.store.placementFault(rules, game, dto),
    ]);
    const saved = override ? await this.overrides.create(viewer, member, game, team!, dto, rules, ip) : await this.saveOwn(member, game, team!, dto, rules);
    const pick = Object.assign(new Pick(), saved.stored, { user: member, game, selected_team: team! });
    return { pick, created: saved.created };
  }

  /**
   * PUT/PATCH /picks/{id}: a member changes their own pick while its window is open; an admin changes any pick at
   * any time and may also set is_correct.
   */
  async update(viewer: User, id: number, dto: UpdatePickDto, ip: string | null = null): Promise<Pick> {
    const pick = await this.findOne(viewer, id);
    const game = await this.store.gameFor(pick.game_id, viewer);
    const rules = await this.seasonRules.cached(game.week!.football_season_id);
    assertPickem(rules);
    const team = dto.selected_winner === undefined ? pick.selected_team! : teamNamed(game, dto.selected_winner);
    const override = this.overrides.isOverride(viewer, pick, rules);
    await this.store.check(!override, game, [
      team ? null : selectedWinnerMessage(game),
      dto.game_id != null && dto.game_id !== pick.game_id ? PICK_MESSAGES.gameMismatch : null,
      dto.week_id != null && dto.week_id !== pick.week_id ? PICK_MESSAGES.weekMismatch : null,
      dto.user_id != null && dto.user_id !== pick.user_id ? PICK_MESSAGES.userMismatch : null,
      tiebreakerError(game, dto.tiebreaker_home_score, dto.tiebreaker_away_score),
      await this.store.placementFault(rules, game, dto),
    ]);
    if (override) await this.overrides.update(viewer, pick, game, team!, dto, rules, ip);
    else await this.store.rewrite(pick, game, team!, dto, rules, null);
    return this.findOne(viewer, id);
  }

  /**
   * DELETE /picks/{id}: a member's own pick while its window is open; any pick, at any time, for an admin (who may
   * say why).
   */
  async remove(viewer: User, id: number, reason: string | null = null, ip: string | null = null): Promise<void> {
    const pick = await this.findOne(viewer, id);
    const game = await this.store.gameFor(pick.game_id, viewer);
    const override = this.overrides.isOverride(viewer, pick, await this.seasonRules.cached(game.week!.football_season_id));
    await this.store.check(!override, game, []);
    if (override) await this.overrides.remove(viewer, pick, game, reason, ip);
    else await this.store.erase(pick, game, null);
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
    return this.overrides.memberNamed(userId);
  }

  /** A member's save of their own pick: without a transaction unless the season places picks (confidence, lock). */
  private async saveOwn(member: User, game: Game, team: Team, dto: CreatePickDto, rules: SeasonRules): Promise<SavedPick> {
    return (!placing(rules) ? await this.saveUnlocked(member, game, team, dto, rules) : null) ?? (await this.store.saveLocked(member, game, team, dto, rules, null));
  }

  /**
   * A member's save, without a transaction: the pick is read, merged and written only if it is still as read (an
   * UPDATE conditioned on the values read, or an INSERT that the unique key refuses when a first save of the same
   * pick won). Two statements, where the transaction with a locked read takes five round trips to MySQL/MariaDB:
   * this is the kickoff rush's request. Null when another save of the same pick got in between; the caller then
   * saves under lock, which merges with the winner's row.
   */
  private async saveUnlocked(member: User, game: Game, team: Team, dto: CreatePickDto, rules: SeasonRules): Promise<SavedPick | null> {
    const existing = await this.store.currentPick(member.id, game.id);
    const { fields } = this.store.merge(game, existing, team, dto, undefined, placePick(rules, existing, [], dto, 0));
    try {
      const stored = await this.store.store(this.dataSource.manager, member, game, existing, fields, existing && storedFields(existing));
      return stored && { stored, created: !existing };
    } catch (error) {
      // A first save of the same pick won the unique key, or the database chose this statement as a deadlock's loser.
      if (isRetryableConflict(error)) return null;
      throw error;
    }
  }
}
