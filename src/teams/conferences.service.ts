import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { FindOptionsWhere, In, Not, Repository } from 'typeorm';
import type { Principal } from '../common/principal';
import { SecurityLogService } from '../security/security-log.service';
import { ListPage, ListParams, orderOf } from '../common/list/list-query';
import { ConferenceFilterDto } from './dto/conference-filter.dto';
import { SaveConferenceDto } from './dto/save-conference.dto';
import { Conference } from './entities/conference.entity';
import { Team } from './entities/team.entity';
import { conferenceInUseMessage } from './team-usage';
import { containsIgnoringCase, equalsIgnoringCase } from '../common/text-match';

const SORTABLE = ['name'] as const;

@Injectable()
export class ConferencesService {
  constructor(
    @InjectRepository(Conference) private readonly conferences: Repository<Conference>,
    @InjectRepository(Team) private readonly teams: Repository<Team>,
    private readonly securityLog: SecurityLogService,
  ) {}

  async findAll(list: ListParams<ConferenceFilterDto>): Promise<ListPage<Conference>> {
    const where: FindOptionsWhere<Conference> = {};
    if (list.ids) where.id = In(list.ids);
    if (list.filter.q) where.name = containsIgnoringCase(list.filter.q);
    const [items, total] = await this.conferences.findAndCount({
      where,
      order: orderOf(list, SORTABLE, { name: 'ASC' }),
      skip: list.skip,
      take: list.take,
    });
    return { items, total };
  }

  async findById(id: number): Promise<Conference> {
    const conference = await this.conferences.findOneBy({ id });
    if (!conference) throw new NotFoundException('Conference not found');
    return conference;
  }

  async create(dto: SaveConferenceDto): Promise<Conference> {
    await this.assertNameFree(dto.name);
    return this.conferences.save(this.conferences.create({ name: dto.name }));
  }

  async update(id: number, dto: SaveConferenceDto): Promise<Conference> {
    const conference = await this.findById(id);
    await this.assertNameFree(dto.name, id);
    conference.name = dto.name;
    return this.conferences.save(conference);
  }

  /** Refused while teams belong to it: deleting never takes teams (and their games) along. */
  async remove(id: number, actor: Principal | null = null, ip: string | null = null): Promise<void> {
    const conference = await this.findById(id);
    const inUse = conferenceInUseMessage(conference.name, await this.teams.countBy({ conference_id: id }));
    if (inUse) throw new ConflictException(inUse);
    await this.conferences.manager.transaction(async (manager) => {
      await manager.delete(Conference, id);
      await this.securityLog.record('record_deleted', { actor_id: actor?.id, ip, details: `Deleted conference ${conference.name} (${id})` }, manager);
    });
  }

  /** Names are unique ignoring case, on SQLite as on MariaDB. */
  private async assertNameFree(name: string, exceptId?: number): Promise<void> {
    const existing = await this.conferences.findOneBy({ name: equalsIgnoringCase(name), ...(exceptId ? { id: Not(exceptId) } : {}) });
    if (existing) throw new ConflictException(`Conference ${existing.name} already exists`);
  }
}
