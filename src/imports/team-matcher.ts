import { Injectable } from '@nestjs/common';
import { distance } from 'fastest-levenshtein';
import { DataSource, EntityManager } from 'typeorm';
import { TeamProviderId } from '../teams/entities/team-provider-id.entity';
import { Team } from '../teams/entities/team.entity';
import { normalizedTeamName } from '../teams/team-names';
import type { ExternalTeam, ProviderName } from './providers/provider';

export interface MatchedTeam {
  team_id: number;
  team_name: string;
  /** How it was found: the provider's remembered id, or the (normal form of the) name. */
  via: 'id' | 'name';
}

export interface TeamSuggestion {
  team_id: number;
  name: string;
}

const SUGGESTIONS = 3;

/**
 * One provider's view of our teams, read once per import or sync (docs/imports.md#team-matching): its remembered
 * ids first, then the normal form of each team's name and alternate names. A name two teams share matches neither.
 */
export class TeamIndex {
  private readonly byName = new Map<string, Team | null>();
  private readonly teamsById: Map<number, Team>;

  constructor(
    readonly provider: ProviderName,
    private readonly ids: Map<string, number>,
    private readonly teams: Team[],
  ) {
    this.teamsById = new Map(teams.map((team) => [team.id, team]));
    for (const team of teams) {
      for (const name of [team.name, ...(team.alternate_names ?? [])]) {
        const key = normalizedTeamName(name);
        const seen = this.byName.get(key);
        this.byName.set(key, seen === undefined || seen?.id === team.id ? team : null);
      }
    }
  }

  match(team: Pick<ExternalTeam, 'external_id' | 'name'>): MatchedTeam | null {
    const byId = this.ids.get(team.external_id);
    const known = byId === undefined ? undefined : this.teamsById.get(byId);
    if (known) return { team_id: known.id, team_name: known.name, via: 'id' };
    const byName = this.byName.get(normalizedTeamName(team.name));
    return byName ? { team_id: byName.id, team_name: byName.name, via: 'name' } : null;
  }

  /** The closest of our teams by name, for an unmatched one (the admin chooses; nothing is guessed). */
  suggestions(name: string): TeamSuggestion[] {
    const wanted = normalizedTeamName(name);
    return this.teams
      .map((team) => ({
        team,
        score: Math.min(...[team.name, ...(team.alternate_names ?? [])].map((candidate) => distance(wanted, normalizedTeamName(candidate)) / Math.max(wanted.length, 1))),
      }))
      .filter(({ score }) => score < 0.5)
      .sort((a, b) => a.score - b.score || a.team.name.localeCompare(b.team.name))
      .slice(0, SUGGESTIONS)
      .map(({ team }) => ({ team_id: team.id, name: team.name }));
  }
}

/** Reads a provider's TeamIndex, and remembers the ids of teams matched by name so the next import finds them by id. */
@Injectable()
export class TeamMatcher {
  constructor(private readonly dataSource: DataSource) {}

  async index(provider: ProviderName, manager: EntityManager = this.dataSource.manager): Promise<TeamIndex> {
    const [ids, teams] = await Promise.all([
      manager.find(TeamProviderId, { where: { provider }, select: { external_id: true, team_id: true } }),
      manager.find(Team, { select: { id: true, name: true, alternate_names: true }, order: { id: 'ASC' } }),
    ]);
    return new TeamIndex(provider, new Map(ids.map((row) => [row.external_id, row.team_id])), teams);
  }

  /** Keeps (provider, external id) → team for teams matched by name; an id already remembered is left as it is. */
  async remember(manager: EntityManager, provider: ProviderName, matched: { external_id: string; external_name: string; team_id: number }[]): Promise<void> {
    const unique = [...new Map(matched.map((entry) => [entry.external_id, entry])).values()];
    if (unique.length === 0) return;
    await manager
      .createQueryBuilder()
      .insert()
      .into(TeamProviderId)
      .orIgnore()
      .updateEntity(false)
      .values(unique.map(({ external_id, external_name, team_id }) => ({ provider, external_id, external_name: external_name.slice(0, 100), team_id })))
      .execute();
  }
}
