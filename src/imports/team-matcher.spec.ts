import { Team } from '../teams/entities/team.entity';
import { TeamIndex } from './team-matcher';

const team = (id: number, name: string, alternate_names: string[] | null = null) => Object.assign(new Team(), { id, name, alternate_names });

describe('TeamIndex', () => {
  const teams = [team(1, 'Appalachian State', ['App State']), team(2, 'Iowa State'), team(3, "Hawai'i"), team(4, 'Miami'), team(5, 'Miami (OH)'), team(6, 'Kansas State')];
  const index = new TeamIndex('cfbd', new Map([['2306', 6]]), teams);

  it('finds a team by the id the provider gave it before, whatever the name', () => {
    expect(index.match({ external_id: '2306', name: 'K-State' })).toEqual({ team_id: 6, team_name: 'Kansas State', via: 'id' });
  });

  it('finds a team by the normal form of its name or an alternate name', () => {
    expect(index.match({ external_id: '66', name: 'Iowa St.' })).toMatchObject({ team_id: 2, via: 'name' });
    expect(index.match({ external_id: '62', name: 'Hawaii' })).toMatchObject({ team_id: 3 });
    expect(index.match({ external_id: '2026', name: 'App State' })).toMatchObject({ team_id: 1 });
    expect(index.match({ external_id: '193', name: 'Miami (OH)' })).toMatchObject({ team_id: 5 });
  });

  it('leaves a team it cannot place unmatched, with the closest names as suggestions', () => {
    expect(index.match({ external_id: '2', name: 'Appalachian St' })).toMatchObject({ team_id: 1 });
    expect(index.match({ external_id: '3', name: 'Miami Ohio' })).toBeNull();
    expect(index.suggestions('Miami Ohio').map((suggestion) => suggestion.name)).toContain('Miami (OH)');
    expect(index.match({ external_id: '4', name: 'Idaho State' })).toBeNull();
  });

  it('does not guess between two teams that share a name', () => {
    const shared = new TeamIndex('csv', new Map(), [team(1, 'Miami', ['Hurricanes']), team(2, 'Miami (OH)', ['Hurricanes'])]);
    expect(shared.match({ external_id: 'Hurricanes', name: 'Hurricanes' })).toBeNull();
  });
});
