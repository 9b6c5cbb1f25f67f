/** Preview answers for the import screen's tests, in the shape docs/imports.md gives POST /api/imports. */
import type { ImportPreview, PreviewGame, PreviewTeam, ProviderInfo } from './importTypes';

let nextTeamId = 100;
export function team(name: string, fields: Partial<PreviewTeam> = {}): PreviewTeam {
  return { external_id: `x-${name}`, name, team_id: nextTeamId++, team_name: name, rank: null, conference: 'Big Ten', classification: 'fbs', ...fields };
}

/** Local kickoff on Saturday 2025-08-30 at the given hour and minute (the browser's time zone, as the page shows it). */
export const saturdayAt = (hour: number, minute = 0) => new Date(2025, 7, 30, hour, minute).toISOString();

export function previewGame(key: string, away: PreviewTeam, home: PreviewTeam, fields: Partial<PreviewGame> = {}): PreviewGame {
  return {
    key,
    change: 'new',
    changes: [],
    game_id: null,
    name: null,
    game_date: saturdayAt(12),
    start_time_tbd: false,
    home,
    away,
    betting_line: null,
    betting_line_team: null,
    line_source: null,
    line_taken_at: null,
    line_frozen: false,
    conference_game: false,
    neutral_site: false,
    fbs_vs_fbs: home.classification === 'fbs' && away.classification === 'fbs',
    status: 'scheduled',
    selected: false,
    is_tiebreaker: false,
    ...fields,
  };
}

const fcs = { classification: 'fcs', conference: 'FCS' };

/**
 * Twelve games of a week: two with both teams ranked (A: sum 4, B: sum 13), four with one (D #2, E #5, H #6 against
 * an FCS team, C #8), three with none (M and G FBS vs FBS, M earlier; L against an FCS team), one whose away team is
 * not in the pool (F), one the provider no longer has (Z), one cancelled (X, both ranked).
 */
export function weekGames(northernIowaMatched = false): PreviewGame[] {
  return [
    previewGame('A', team('Texas', { rank: 1, conference: 'SEC' }), team('Ohio State', { rank: 3 }), {
      game_date: saturdayAt(12),
      betting_line: 1.5,
      betting_line_team: 'home',
      line_source: 'cfbd: consensus',
    }),
    previewGame('B', team('LSU', { rank: 9, conference: 'SEC' }), team('Clemson', { rank: 4, conference: 'ACC' }), { game_date: saturdayAt(19, 30) }),
    previewGame('C', team('Alabama', { rank: 8, conference: 'SEC' }), team('Florida State', { conference: 'ACC' })),
    previewGame('D', team('Nevada', { conference: 'Mountain West' }), team('Penn State', { rank: 2 })),
    previewGame('E', team('Marshall', { conference: 'Sun Belt' }), team('Georgia', { rank: 5, conference: 'SEC' })),
    previewGame('F', team('Northern Iowa', northernIowaMatched ? fcs : { ...fcs, team_id: null, team_name: null }), team('Iowa State', { conference: 'Big 12' })),
    previewGame('G', team('Kansas', { conference: 'Big 12' }), team('Fresno State', { conference: 'Mountain West' }), { game_date: saturdayAt(20) }),
    previewGame('H', team('Jackson State', fcs), team('Notre Dame', { rank: 6, conference: 'FBS Independents' })),
    previewGame('L', team('Montana', fcs), team('Utah', { conference: 'Big 12' }), { game_date: saturdayAt(10) }),
    previewGame('M', team('UCLA', { conference: 'Big Ten' }), team('Utah State', { conference: 'Mountain West' }), { game_date: saturdayAt(11) }),
    previewGame('Z', team('Rice', { conference: 'American' }), team('Houston', { conference: 'Big 12' }), { change: 'gone', key: 'game:77', game_id: 77 }),
    previewGame('X', team('Miami', { rank: 10, conference: 'ACC' }), team('Notre Dame', { rank: 6 }), { change: 'cancelled', status: 'cancelled' }),
  ];
}

export function preview(id: number, games: PreviewGame[], fields: Partial<ImportPreview> = {}): ImportPreview {
  return {
    id,
    kind: 'week',
    provider: 'cfbd',
    status: 'preview',
    week_id: 3,
    football_season_id: 1,
    created_by: 1,
    created_at: '2025-08-25T12:00:00.000Z',
    applied_at: null,
    summary: null,
    games,
    unmatched_teams: [],
    warnings: [],
    ...fields,
  };
}

export const NORTHERN_IOWA = { external_id: 'x-Northern Iowa', name: 'Northern Iowa', conference: 'Missouri Valley', classification: 'fcs', games: 1, suggestions: [{ team_id: 55, name: 'Iowa' }] };

export const PROVIDERS: ProviderInfo[] = [
  { name: 'cfbd', label: 'CollegeFootballData', configured: true, capabilities: ['schedule', 'lines', 'rankings', 'scores', 'calendar', 'teams'], time_zone: null },
  { name: 'scoreboard', label: 'NCAA scoreboard', configured: true, capabilities: ['schedule', 'rankings', 'scores'], time_zone: null },
  { name: 'csv', label: 'CSV file', configured: true, capabilities: ['schedule', 'lines', 'rankings', 'scores'], time_zone: 'America/New_York' },
];
