import type { Game } from '../games/entities/game.entity';
import type { ExternalGame, ExternalLine } from './providers/provider';
import { TeamIndex } from './team-matcher';
import { Team } from '../teams/entities/team.entity';
import { buildPreview, chooseLine, packPayload, PreviewContext, reviveFetched, unpackPayload, weekFingerprint } from './week-import';
import { planApply, updateOf } from './week-import.service';

const at = new Date('2025-08-20T12:00:00Z');
const line = (source: string, spread: number | null): ExternalLine => ({ game_external_id: '1', source, spread, taken_at: at });

describe('choosing a line', () => {
  it.each([
    [[line('DraftKings', -3), line('consensus', -7)], { betting_line: 7, betting_line_team: 'home', source: 'consensus' }],
    [[line('DraftKings', 2.5), line('consensus', null)], { betting_line: 2.5, betting_line_team: 'away', source: 'DraftKings' }],
    [[line('consensus', 0)], { betting_line: 0, betting_line_team: null, source: 'consensus' }],
    [[line('consensus', -6.75)], { betting_line: 7, betting_line_team: 'home', source: 'consensus' }],
  ])('%j → %j', (lines, expected) => {
    expect(chooseLine(lines, 'consensus')).toEqual({ ...expected, taken_at: at });
  });

  it('has none without a spread, or with a spread no column holds', () => {
    expect(chooseLine([line('consensus', null)], 'consensus')).toBeNull();
    expect(chooseLine([line('consensus', -140)], 'consensus')).toBeNull();
    expect(chooseLine([], 'consensus')).toBeNull();
  });
});

const team = (id: number, name: string, classification: string | null = 'fbs') => Object.assign(new Team(), { id, name, alternate_names: null, classification });
const teams = [team(1, 'Kansas State'), team(2, 'Iowa State'), team(3, 'Idaho State', 'fcs'), team(4, 'Texas')];

function external(id: string, home: [string, string], away: [string, string], overrides: Partial<ExternalGame> = {}): ExternalGame {
  return {
    external_id: id,
    season: 2025,
    week: 1,
    season_type: 'regular',
    kickoff: new Date('2025-08-30T16:00:00Z'),
    start_time_tbd: false,
    neutral_site: false,
    conference_game: false,
    home: { external_id: home[0], name: home[1], conference: null, classification: 'fbs' },
    away: { external_id: away[0], name: away[1], conference: null, classification: null },
    status: 'scheduled',
    home_score: null,
    away_score: null,
    home_rank: null,
    away_rank: null,
    name: null,
    ...overrides,
  };
}

function stored(fields: Partial<Game>): Game {
  return {
    id: 10,
    week_id: 5,
    name: null,
    home_team_id: 1,
    away_team_id: 2,
    winner_team_id: null,
    game_date: new Date('2025-08-30T16:00:00Z'),
    status: 'scheduled',
    home_score: null,
    away_score: null,
    betting_line: null,
    betting_line_team: null,
    is_tiebreaker: false,
    forfeit: false,
    forfeit_reason: null,
    picks_locked_at: null,
    home_team_ranking: null,
    away_team_ranking: null,
    provider: null,
    external_id: null,
    line_source: null,
    line_taken_at: null,
    sync_flag: null,
    sync_flagged_at: null,
    created_at: at,
    updated_at: at,
    ...fields,
  } as Game;
}

function context(existing: Game[] = []): PreviewContext {
  return {
    weekId: 5,
    provider: 'cfbd',
    lineProvider: 'consensus',
    index: new TeamIndex('cfbd', new Map([['66', 2]]), teams),
    teams: new Map(teams.map((entry) => [entry.id, { name: entry.name, classification: entry.classification }])),
    existing,
    elsewhere: new Map(),
  };
}

describe('a week preview', () => {
  const game = external('100', ['2306', 'Kansas State'], ['66', 'Iowa St.']);
  const fcs = external('101', ['251', 'Texas'], ['999', 'Nowhere A&M'], { start_time_tbd: true });

  it('matches teams, takes lines and AP ranks, and lists the unmatched teams with their games', () => {
    const preview = buildPreview(
      { games: [game, fcs], lines: [{ ...line('consensus', 3), game_external_id: '100' }], ranks: [{ team: { external_id: '251', name: 'Texas', conference: null, classification: null }, rank: 1, poll: 'AP Top 25' }] },
      context(),
    );
    const [first, second] = preview.games;
    expect(first).toMatchObject({ key: '100', change: 'new', selected: false, betting_line: 3, betting_line_team: 'away', line_source: 'cfbd: consensus', fbs_vs_fbs: true });
    expect(first.home).toMatchObject({ team_id: 1, team_name: 'Kansas State' });
    expect(first.away).toMatchObject({ team_id: 2, classification: 'fbs' });
    expect(second).toMatchObject({ key: '101', fbs_vs_fbs: false, home: { team_id: 4, rank: 1 }, away: { team_id: null } });
    expect(preview.unmatched_teams).toEqual([{ external_id: '999', name: 'Nowhere A&M', conference: null, classification: null, games: 1, suggestions: [] }]);
    expect(preview.warnings).toEqual([expect.stringContaining('Nowhere A&M at Texas (101): the kickoff time is not set yet')]);
  });

  it('adopts a game typed in by hand, shows exactly what changes, freezes a line already set, and keeps or drops the rest', () => {
    const typed = stored({ id: 10, betting_line: 7, betting_line_team: 'home', game_date: new Date('2025-08-30T19:00:00Z') });
    const handMade = stored({ id: 11, home_team_id: 4, away_team_id: 3 });
    const gone = stored({ id: 12, home_team_id: 3, away_team_id: 4, provider: 'cfbd', external_id: '555' });
    const preview = buildPreview({ games: [game], lines: [{ ...line('consensus', -7), game_external_id: '100' }], ranks: [] }, context([typed, handMade, gone]));
    const byKey = new Map(preview.games.map((entry) => [entry.key, entry]));
    expect(byKey.get('100')).toMatchObject({
      change: 'changed',
      game_id: 10,
      selected: true,
      line_frozen: false,
      changes: [{ field: 'game_date', from: '2025-08-30T19:00:00.000Z', to: '2025-08-30T16:00:00.000Z' }],
    });
    expect(byKey.get('game:11')).toMatchObject({ change: 'kept', selected: true });
    expect(byKey.get('game:12')).toMatchObject({ change: 'gone', selected: true });

    const moved = buildPreview({ games: [game], lines: [{ ...line('consensus', -3.5), game_external_id: '100' }], ranks: [] }, context([typed]));
    expect(moved.games[0]).toMatchObject({ line_frozen: true, changes: expect.arrayContaining([{ field: 'betting_line', from: 7, to: 3.5 }]) });
    const kept = updateOf(moved.games[0], typed, 'cfbd', false, false);
    expect(kept.change).toEqual({ game_date: '2025-08-30T16:00:00.000Z' });
    expect(kept.extra).toEqual({ provider: 'cfbd', external_id: '100' });
    const taken = updateOf(moved.games[0], typed, 'cfbd', true, true);
    expect(taken.change).toMatchObject({ betting_line: 3.5, betting_line_team: 'home', is_tiebreaker: true });
    expect(taken.extra).toMatchObject({ line_source: 'cfbd: consensus', line_taken_at: at });
  });

  it('marks a provider-cancelled game', () => {
    const preview = buildPreview({ games: [{ ...game, status: 'cancelled' }], lines: [], ranks: [] }, context([stored({ provider: 'cfbd', external_id: '100' })]));
    expect(preview.games[0]).toMatchObject({ change: 'cancelled', changes: [{ field: 'status', from: 'scheduled', to: 'cancelled' }] });
  });

  it('refuses an apply with an unknown key, a tiebreaker not ticked, or an unmatched team', () => {
    const preview = buildPreview({ games: [game, fcs], lines: [], ranks: [] }, context());
    expect(() => planApply(preview, { games: ['nope'] })).toThrow(/Unknown game keys.*nope/);
    expect(() => planApply(preview, { games: ['100'], tiebreaker: '101' })).toThrow(/tiebreaker/);
    expect(() => planApply(preview, { games: ['100', '101'] })).toThrow('Map or create these teams first: Nowhere A&M');
    expect(planApply(preview, { games: ['100'], tiebreaker: '100' }).kept.map((entry) => entry.key)).toEqual(['100']);
  });

  it('packs what was fetched and reads it back with its dates', () => {
    const fetched = { games: [game], lines: [line('consensus', 1)], ranks: [] };
    expect(reviveFetched(unpackPayload(packPayload(fetched)))).toEqual(fetched);
  });

  it('fingerprints the week by its games and their content', () => {
    const a = stored({});
    expect(weekFingerprint([a])).toBe(weekFingerprint([{ ...a } as Game]));
    expect(weekFingerprint([a])).not.toBe(weekFingerprint([{ ...a, betting_line: 3, betting_line_team: 'home' } as Game]));
    expect(weekFingerprint([a])).not.toBe(weekFingerprint([]));
  });
});
