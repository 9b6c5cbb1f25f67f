import { ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { FindOptionsWhere, In, Not, Repository } from 'typeorm';
import type { Principal } from '../common/principal';
import { SecurityLogService } from '../security/security-log.service';
import { ListPage, ListParams, orderOf } from '../common/list/list-query';
import { ReferenceCounter } from '../database/reference-counter';
import { CreateTeamDto } from './dto/create-team.dto';
import { TeamFilterDto } from './dto/team-filter.dto';
import { UpdateTeamDto } from './dto/update-team.dto';
import { Conference } from './entities/conference.entity';
import { Team } from './entities/team.entity';
import { teamInUseMessage, TeamUsage } from './team-usage';
import { containsIgnoringCase, equalsIgnoringCase } from '../common/text-match';
import { CsvProblems, readCsv, writeCsv } from '../common/csv';
import { fcsConferenceId, planTeamsImport, TEAMS_CSV_COLUMNS, TEAMS_CSV_MAX_ROWS, TEAMS_CSV_REQUIRED, teamCsvRow } from './teams-csv';

/** What a teams CSV import did: how many rows created, changed or left a team as it was. */
export interface TeamsImportResult {
  created: number;
  updated: number;
  unchanged: number;
}

const SORTABLE = ['name', 'nickname', 'mascot', 'city', 'state', 'conference_id', 'conference.name', 'wins', 'losses', 'webpage_url'] as const;

@Injectable()
export class TeamsService {
  constructor(
    @InjectRepository(Team) private readonly teams: Repository<Team>,
    @InjectRepository(Conference) private readonly conferences: Repository<Conference>,
    private readonly references: ReferenceCounter,
    private readonly securityLog: SecurityLogService,
  ) {}

  async findAll(list: ListParams<TeamFilterDto>): Promise<ListPage<Team>> {
    const where: FindOptionsWhere<Team> = {};
    if (list.ids) where.id = In(list.ids);
    if (list.filter.conference_id !== undefined) where.conference_id = list.filter.conference_id;
    const q = list.filter.q;
    const [items, total] = await this.teams.findAndCount({
      // q matches the name or the nickname, within the other filters.
      where: q ? [{ ...where, name: containsIgnoringCase(q) }, { ...where, nickname: containsIgnoringCase(q) }] : where,
      relations: { conference: true },
      order: orderOf(list, SORTABLE, { name: 'ASC' }),
      skip: list.skip,
      take: list.take,
    });
    return { items, total };
  }

  async findById(id: number): Promise<Team> {
    const team = await this.teams.findOne({ where: { id }, relations: { conference: true } });
    if (!team) throw new NotFoundException('Team not found');
    return team;
  }

  async create(dto: CreateTeamDto): Promise<Team> {
    await this.assertConferenceExists(dto.conference_id);
    await this.assertNameFree(dto.name);
    const team = await this.teams.save(this.teams.create({ ...dto, wins: dto.wins ?? 0, losses: dto.losses ?? 0 }));
    return this.findById(team.id);
  }

  async update(id: number, dto: UpdateTeamDto): Promise<Team> {
    const team = await this.teams.findOneBy({ id });
    if (!team) throw new NotFoundException('Team not found');
    if (dto.conference_id !== undefined && dto.conference_id !== team.conference_id) await this.assertConferenceExists(dto.conference_id);
    if (dto.name !== undefined) await this.assertNameFree(dto.name, id);
    // Fields left out of the request stay as they are.
    const changes = Object.fromEntries(Object.entries(dto).filter(([, value]) => value !== undefined));
    await this.teams.save(Object.assign(team, changes));
    return this.findById(id);
  }

  /** Refused while anything refers to the team: games, picks or members' favorite team are never lost silently. */
  async remove(id: number, actor: Principal | null = null, ip: string | null = null): Promise<void> {
    const team = await this.findById(id);
    const inUse = teamInUseMessage(team.name, await this.usageOf(id));
    if (inUse) throw new ConflictException(inUse);
    await this.teams.manager.transaction(async (manager) => {
      await manager.delete(Team, id);
      await this.securityLog.record('record_deleted', { actor_id: actor?.id, ip, details: `Deleted team ${team.name} (${id})` }, manager);
    });
  }

  /** Every team as CSV (docs/imports.md#csv), by name. */
  async exportCsv(): Promise<string> {
    const teams = await this.teams.find({ relations: { conference: true }, order: { name: 'ASC', id: 'ASC' } });
    return writeCsv(TEAMS_CSV_COLUMNS, teams.map(teamCsvRow));
  }

  /**
   * A teams CSV in one transaction: every row is checked against the teams as they are inside it, and any problem
   * refuses the whole file (422 naming the lines) before anything is written. See planTeamsImport for the rules.
   */
  async importCsv(csv: string): Promise<TeamsImportResult> {
    const problems = new CsvProblems();
    const rows = readCsv(csv, { columns: TEAMS_CSV_COLUMNS, required: TEAMS_CSV_REQUIRED, maxRows: TEAMS_CSV_MAX_ROWS, noun: 'team' }, problems);
    return this.teams.manager.transaction(async (manager) => {
      const [teams, conferences] = await Promise.all([manager.find(Team), manager.find(Conference)]);
      const changes = planTeamsImport(rows, teams, conferences, problems);
      problems.throwIfAny();
      let fcsId: number | null = null;
      const conferenceOf = async (id: number | null) => id ?? (fcsId ??= await fcsConferenceId(manager));
      const result: TeamsImportResult = { created: 0, updated: 0, unchanged: 0 };
      for (const change of changes) {
        if (change.action === 'unchanged') {
          result.unchanged++;
        } else if (change.action === 'update') {
          await manager.update(Team, change.id, { ...change.fields, conference_id: await conferenceOf(change.fields.conference_id) });
          result.updated++;
        } else {
          await manager.insert(Team, { ...change.fields, conference_id: await conferenceOf(change.fields.conference_id), wins: 0, losses: 0 });
          result.created++;
        }
      }
      return result;
    });
  }

  private async usageOf(id: number): Promise<TeamUsage> {
    const held = (await this.references.count(Team, [id], ['games', 'picks', 'users'])).get(id)!;
    return { games: held.games ?? 0, picks: held.picks ?? 0, favorites: held.users ?? 0 };
  }


  private async assertConferenceExists(id: number): Promise<void> {
    if (!(await this.conferences.existsBy({ id }))) throw new UnprocessableEntityException('conference_id does not match a conference');
  }

  /** Names are unique ignoring case, on SQLite as on MariaDB. */
  private async assertNameFree(name: string, exceptId?: number): Promise<void> {
    const existing = await this.teams.findOneBy({ name: equalsIgnoringCase(name), ...(exceptId ? { id: Not(exceptId) } : {}) });
    if (existing) throw new ConflictException(`Team ${existing.name} already exists`);
  }
}
