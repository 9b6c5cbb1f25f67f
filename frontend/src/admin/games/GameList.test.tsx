import { fireEvent, screen, within } from '@testing-library/react';
import { session } from '../../session/session';
import { CURRENT_ROUTES, game, renderAdmin, stubAdminApi, typeInto } from '../test/adminTestUtils';
import { GAME_REQUIRED_TEXT, gameBody } from './GameInputs';
import { lineText } from '../../format';

const TEAMS = [
  { id: 10, name: 'Home 1', nickname: null },
  { id: 11, name: 'Away 1', nickname: null },
];

describe('Manage Games', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('starts on the current season and its current week', async () => {
    const { calls } = stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/games': [game(1, { is_tiebreaker: true, betting_line: 3.5, betting_line_team: 'home' })], 'GET /api/teams': TEAMS });
    renderAdmin('/admin/games');
    expect(await screen.findByRole('heading', { name: 'Manage Games' })).toBeInTheDocument();
    expect(await screen.findByText('Away 1 @ Home 1')).toBeInTheDocument();
    expect(screen.getByText('Tiebreaker')).toBeInTheDocument();
    expect(screen.getByText('Home 1 -3.5')).toBeInTheDocument();
    expect(screen.getByText('No Winner/TBD')).toBeInTheDocument();
    const list = calls.find((call) => call.url.pathname === '/api/games' && call.url.searchParams.has('range'));
    expect(JSON.parse(list!.url.searchParams.get('filter')!)).toEqual({ football_season_id: 1, week_id: 3 });
  });

  it('asks for every required field of a new game with the spec text', async () => {
    const { calls } = stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/games': [], 'GET /api/teams': TEAMS });
    renderAdmin('/admin/games/create');
    const dialog = await screen.findByRole('dialog', { name: 'Add Game' });
    typeInto(within(dialog).getByLabelText('Game Name'), 'Rivalry');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(GAME_REQUIRED_TEXT)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends the kickoff as an ISO instant, the winner as a team id or null, and no unknown fields', () => {
    const body = gameBody({
      week_id: '3',
      home_team_id: 10,
      away_team_id: 11,
      winner_team_id: '',
      game_date: '2026-09-05T19:30',
      status: 'scheduled',
      name: '  ',
      betting_line: '',
      betting_line_team: '',
      is_tiebreaker: true,
      home_team: { name: 'ignored' },
    });
    expect(body).toEqual({
      week_id: 3,
      home_team_id: 10,
      away_team_id: 11,
      winner_team_id: null,
      game_date: new Date('2026-09-05T19:30').toISOString(),
      status: 'scheduled',
      forfeit: false,
      forfeit_reason: null,
      name: null,
      home_score: null,
      away_score: null,
      betting_line: null,
      betting_line_team: null,
      is_tiebreaker: true,
      home_team_ranking: null,
      away_team_ranking: null,
    });
  });

  it("writes the line for the favored side, and 0 as a pick'em", () => {
    expect(lineText(game(1, { betting_line: 7, betting_line_team: 'away' }) as never)).toBe('Away 1 -7');
    expect(lineText(game(1, { betting_line: 0, betting_line_team: null }) as never)).toBe("Pick'em");
    expect(lineText(game(1) as never)).toBeNull();
  });
});
