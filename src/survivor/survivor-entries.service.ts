import { ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import type { Principal } from '../common/principal';
import type { ListPage, ListParams } from '../common/list/list-query';
import { isUniqueViolation } from '../database/driver-errors';
import { playingRoles } from '../seasons/season-rules';
import { User } from '../users/entities/user.entity';
import { CreateSurvivorEntryDto, SurvivorEntryDto, SurvivorEntryFilterDto } from './dto/survivor-entry.dto';
import { SurvivorEntry } from './entities/survivor-entry.entity';
import { SurvivorPick } from './entities/survivor-pick.entity';
import { SURVIVOR_MESSAGES } from './survivor-rules';
import { SurvivorStandingsReader } from './survivor-standings.reader';
import { ContestState, SurvivorStore } from './survivor.store';

const SORTABLE = new Set(['name', 'entered_at', 'paid', 'alive', 'lives_left', 'weeks_survived', 'user_id', 'id']);

/**
 * Who is in a survivor contest (docs/pool-formats.md#survivor): members opt in and out, admins enter and remove them,
 * until the first week's first pick deadline closes entry; admins mark entry fees paid.
 */
@Injectable()
export class SurvivorEntriesService {
  constructor(
    private readonly store: SurvivorStore,
    private readonly standings: SurvivorStandingsReader,
  ) {}

  private get manager(): EntityManager {
    return this.store.dataSource.manager;
  }

  /** The contest's entrants in standing order unless sorted otherwise, each with where the results leave them. */
  async list(list: ListParams<SurvivorEntryFilterDto>): Promise<ListPage<SurvivorEntryDto>> {
    const contest = await this.store.contestOrFail(list.filter.survivor_contest_id);
    const state = await this.store.stateOf(contest);
    const standings = new Map((await this.standings.standings(state.contest.id, { history: false })).entrants.map((standing, order) => [standing.user_id, { standing, order }]));
    const entries = await this.manager.find(SurvivorEntry, { where: { survivor_contest_id: contest.id }, relations: { user: true, entered_by: true } });
    let rows = entries
      .sort((a, b) => standings.get(a.user_id)!.order - standings.get(b.user_id)!.order)
      .map((entry): SurvivorEntryDto => {
        const { standing } = standings.get(entry.user_id)!;
        return {
          id: entry.id,
          survivor_contest_id: contest.id,
          user_id: entry.user_id,
          name: entry.user?.name ?? '',
          entered_at: new Date(entry.entered_at).toISOString(),
          entered_by: entry.entered_by?.name ?? null,
          paid: entry.paid_at !== null,
          alive: standing.alive,
          lives_left: standing.lives_left,
          weeks_survived: standing.weeks_survived,
        };
      });
    if (list.ids) rows = rows.filter((row) => list.ids!.includes(row.id));
    if (list.sort && SORTABLE.has(list.sort.field)) {
      const field = list.sort.field as keyof SurvivorEntryDto;
      const direction = list.sort.order === 'DESC' ? -1 : 1;
      const key = (row: SurvivorEntryDto) => row[field] ?? '';
      rows.sort((a, b) => (key(a) < key(b) ? -direction : key(a) > key(b) ? direction : a.id - b.id));
    }
    const skip = list.skip ?? 0;
    return { items: rows.slice(skip, list.take === undefined ? undefined : skip + list.take), total: rows.length };
  }

  /** POST /api/survivor_entries: an admin enters a member of the season, until entry closes. */
  async create(dto: CreateSurvivorEntryDto, admin: Principal): Promise<SurvivorEntryDto> {
    const contest = await this.store.contestOrFail(dto.survivor_contest_id).catch(() => {
      throw new UnprocessableEntityException('survivor_contest_id does not match any survivor contest');
    });
    const state = await this.store.stateOf(contest);
    const member = await this.manager.findOneBy(User, { id: dto.user_id });
    if (!member) throw new UnprocessableEntityException('user_id does not match any user');
    if (!playingRoles(state.season).includes(member.role)) throw new UnprocessableEntityException(SURVIVOR_MESSAGES.adminsDoNotPlay);
    const entry = await this.enter(state, member, admin.id, SURVIVOR_MESSAGES.enteredAlready(member.name));
    return (await this.list({ filter: { survivor_contest_id: contest.id }, ids: [entry.id], paged: false })).items[0];
  }

  /** DELETE /api/survivor_entries/{id}: an admin removes an entrant (and their picks), until entry closes. */
  async remove(id: number): Promise<void> {
    const entry = await this.manager.findOneBy(SurvivorEntry, { id });
    if (!entry) throw new NotFoundException(SURVIVOR_MESSAGES.entryNotFound);
    await this.leave(await this.store.stateOf(await this.store.contestOrFail(entry.survivor_contest_id)), entry);
  }

  /** POST /api/survivor/{contest_id}/entry: the member opts in, until entry closes. */
  async optIn(contestId: number, viewer: Principal): Promise<void> {
    const state = await this.store.stateOf(await this.store.contestOrFail(contestId));
    if (!playingRoles(state.season).includes(viewer.role)) throw new UnprocessableEntityException(SURVIVOR_MESSAGES.adminsDoNotPlay);
    await this.enter(state, viewer, null, SURVIVOR_MESSAGES.alreadyEntered);
  }

  /** DELETE /api/survivor/{contest_id}/entry: the member opts out (their picks go with them), until entry closes. */
  async optOut(contestId: number, viewer: Principal): Promise<void> {
    const state = await this.store.stateOf(await this.store.contestOrFail(contestId));
    const entry = await this.store.entryOf(contestId, viewer.id);
    if (!entry) throw new UnprocessableEntityException(SURVIVOR_MESSAGES.notEntered);
    await this.leave(state, entry);
  }

  private async enter(state: ContestState, member: Pick<User, 'id'>, enteredBy: number | null, duplicate: string): Promise<SurvivorEntry> {
    if (state.rulesLocked) throw new ConflictException(SURVIVOR_MESSAGES.entryClosed);
    if (await this.store.entryOf(state.contest.id, member.id)) throw new ConflictException(duplicate);
    const entry = { survivor_contest_id: state.contest.id, user_id: member.id, entered_at: this.store.now(), entered_by_id: enteredBy, paid_at: null, paid_marked_by_id: null };
    try {
      const { identifiers } = await this.manager.insert(SurvivorEntry, entry);
      return { ...entry, id: identifiers[0].id as number } as SurvivorEntry;
    } catch (error) {
      // The same member entered twice at once: the unique key lets one in.
      if (isUniqueViolation(error)) throw new ConflictException(duplicate);
      throw error;
    }
  }

  private async leave(state: ContestState, entry: SurvivorEntry): Promise<void> {
    if (state.rulesLocked) throw new ConflictException(SURVIVOR_MESSAGES.entryClosed);
    await this.store.dataSource.transaction(async (manager) => {
      await manager.delete(SurvivorPick, { survivor_contest_id: entry.survivor_contest_id, user_id: entry.user_id });
      await manager.delete(SurvivorEntry, { id: In([entry.id]) });
    });
  }
}
