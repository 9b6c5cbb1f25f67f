import { ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsWhere, In } from 'typeorm';
import { ListPage, ListParams, orderOf } from '../common/list/list-query';
import { Conference } from '../teams/entities/conference.entity';
import { TeamProviderId } from '../teams/entities/team-provider-id.entity';
import { Team } from '../teams/entities/team.entity';
import { normalizedTeamName } from '../teams/team-names';
import { fcsConferenceId } from '../teams/teams-csv';
import { SaveTeamMappingsDto, TeamMappingDto, TeamMappingEntryDto, TeamMappingFilterDto } from './dto/team-mapping.dto';

const SORTABLE = ['provider', 'external_id', 'external_name', 'team_id', 'created_at', 'team.name'];

/**
 * The ids providers give our teams, mapped by an admin (or remembered by an import): the next import matches those
 * teams by id. A provider's team can also be created as a team of ours, named as the provider names it.
 */
@Injectable()
export class TeamMappingsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** POST /team_mappings: every mapping (and every team created) in one transaction, or none. */
  async save(dto: SaveTeamMappingsDto): Promise<TeamMappingDto[]> {
    assertDistinct(dto.mappings);
    const saved = await this.dataSource.transaction(async (manager) => {
      const known = await manager.find(TeamProviderId, { where: { provider: dto.provider, external_id: In(dto.mappings.map((entry) => entry.external_id)) } });
      const byExternal = new Map(known.map((row) => [row.external_id, row]));
      const targets = await this.targetTeams(manager, dto.mappings);
      let fcsId: number | null = null;
      const result: { id: number; created: boolean }[] = [];
      for (const entry of dto.mappings) {
        let teamId = entry.team_id;
        const remembered = byExternal.get(entry.external_id);
        if (teamId === undefined) {
          if (remembered) {
            throw new ConflictException(`${entry.external_name} (${dto.provider} id ${entry.external_id}) is mapped to team ${remembered.team_id} already; delete that mapping first.`);
          }
          let conferenceId = entry.create!.conference_id ?? null;
          if (conferenceId === null) conferenceId = fcsId ??= await fcsConferenceId(manager);
          const classification = entry.create!.classification ?? (conferenceId === fcsId ? 'fcs' : null);
          const inserted = await manager.insert(Team, {
            name: entry.external_name.trim(),
            // A provider gives no city, state or web page: left blank for the admin to fill in.
            city: '',
            state: '',
            webpage_url: '',
            conference_id: conferenceId,
            classification,
            mascot: null,
            nickname: null,
            alternate_names: null,
          });
          teamId = inserted.identifiers[0].id as number;
          const row = await manager.insert(TeamProviderId, { provider: dto.provider, external_id: entry.external_id, external_name: entry.external_name.slice(0, 100), team_id: teamId });
          result.push({ id: row.identifiers[0].id as number, created: true });
          continue;
        }
        if (!targets.has(teamId)) throw new UnprocessableEntityException(`team_id ${teamId} does not match any team`);
        if (remembered) {
          if (remembered.team_id !== teamId) {
            throw new ConflictException(`${entry.external_name} (${dto.provider} id ${entry.external_id}) is mapped to team ${remembered.team_id} already; delete that mapping first.`);
          }
          result.push({ id: remembered.id, created: false });
          continue;
        }
        const row = await manager.insert(TeamProviderId, { provider: dto.provider, external_id: entry.external_id, external_name: entry.external_name.slice(0, 100), team_id: teamId });
        result.push({ id: row.identifiers[0].id as number, created: false });
      }
      return result;
    });
    const views = await this.views(saved.map((entry) => entry.id));
    return saved.map((entry) => ({ ...views.get(entry.id)!, team_created: entry.created }));
  }

  async findAll(list: ListParams<TeamMappingFilterDto>): Promise<ListPage<TeamMappingDto>> {
    const { provider, team_id } = list.filter;
    const where: FindOptionsWhere<TeamProviderId> = {
      ...(provider !== undefined ? { provider } : {}),
      ...(team_id !== undefined ? { team_id } : {}),
      ...(list.ids ? { id: In(list.ids) } : {}),
    };
    const [rows, total] = await this.dataSource.getRepository(TeamProviderId).findAndCount({
      where,
      relations: { team: true },
      order: orderOf<TeamProviderId>(list, SORTABLE, { provider: 'ASC', external_name: 'ASC' }),
      skip: list.skip,
      take: list.take,
    });
    return { items: rows.map(view), total };
  }

  async remove(id: number): Promise<void> {
    const { affected } = await this.dataSource.getRepository(TeamProviderId).delete({ id });
    if (!affected) throw new NotFoundException('Team mapping not found');
  }

  /**
   * The teams the mappings name must exist; a team to create must not (by the normal form of its name, or one of
   * another team's alternate names): an existing team is mapped, not duplicated.
   */
  private async targetTeams(manager: EntityManager, mappings: TeamMappingEntryDto[]): Promise<Set<number>> {
    const teams = await manager.find(Team, { select: { id: true, name: true, alternate_names: true } });
    const byName = new Map<string, Team>();
    for (const team of teams) for (const name of [team.name, ...(team.alternate_names ?? [])]) byName.set(normalizedTeamName(name), team);
    for (const entry of mappings) {
      if (entry.team_id !== undefined && entry.create !== undefined) {
        throw new UnprocessableEntityException(`${entry.external_name}: a mapping has team_id or create, not both`);
      }
      if (entry.create === undefined) continue;
      const existing = byName.get(normalizedTeamName(entry.external_name));
      if (existing) {
        throw new UnprocessableEntityException(`A team named ${existing.name} exists already (id ${existing.id}): map ${entry.external_name} to it (team_id) instead of creating it.`);
      }
      const conferenceId = entry.create.conference_id;
      if (conferenceId != null && !(await manager.existsBy(Conference, { id: conferenceId }))) {
        throw new UnprocessableEntityException(`conference_id ${conferenceId} does not match any conference`);
      }
    }
    return new Set(teams.map((team) => team.id));
  }

  private async views(ids: number[]): Promise<Map<number, TeamMappingDto>> {
    const rows = await this.dataSource.getRepository(TeamProviderId).find({ where: { id: In(ids) }, relations: { team: true } });
    return new Map(rows.map((row) => [row.id, view(row)]));
  }
}

function view(row: TeamProviderId): TeamMappingDto {
  return {
    id: row.id,
    provider: row.provider,
    external_id: row.external_id,
    external_name: row.external_name,
    team_id: row.team_id,
    team: row.team ? { id: row.team.id, name: row.team.name } : null,
    created_at: row.created_at,
  };
}

/** One mapping per provider id, and one new team per name, in a request. */
function assertDistinct(mappings: TeamMappingEntryDto[]): void {
  const ids = mappings.map((entry) => entry.external_id);
  const repeated = ids.find((id, position) => ids.indexOf(id) !== position);
  if (repeated !== undefined) throw new UnprocessableEntityException(`external_id ${repeated} is listed twice`);
  const names = mappings.filter((entry) => entry.create !== undefined).map((entry) => normalizedTeamName(entry.external_name));
  const twice = names.find((name, position) => names.indexOf(name) !== position);
  if (twice !== undefined) throw new UnprocessableEntityException(`Two teams to create have the name ${twice}`);
}
