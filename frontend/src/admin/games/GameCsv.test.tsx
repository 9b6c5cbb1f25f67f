import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../session/session';
import { fileNameOf } from '../common/download';
import { CURRENT_ROUTES, game, renderAdmin, stubAdminApi } from '../test/adminTestUtils';
import { bytesOf, catchSaves, serveFile } from '../test/downloads';

const BOM = '\uFEFF';
const WEEK_CSV = `${BOM}game_id,game_date,away_team,home_team\r\n1,2026-09-05T19:30:00.000Z,Away 1,Home 1\r\n`;
const TEAMS = [{ id: 10, name: 'Home 1', nickname: null }];

const csvAnswer = (headers: Record<string, string>) => () => new Response(WEEK_CSV, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', ...headers } });

describe('Manage Games: a week as CSV', () => {
  let saves: ReturnType<typeof catchSaves>;
  beforeEach(() => {
    saves = catchSaves();
  });
  afterEach(() => {
    saves.restore();
    vi.unstubAllGlobals();
    session.clear();
  });

  it("downloads the listed week's games with the bearer token and the server's file name, and links to Import Games", async () => {
    stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/games': [game(1)], 'GET /api/teams': TEAMS });
    const requests = serveFile(
      '/api/weeks/3/games.csv',
      csvAnswer({ 'Content-Disposition': `attachment; filename="2026 Season _ Fall week 1 games.csv"; filename*=UTF-8''${encodeURIComponent('2026 Season – Fall week 1 games.csv')}` }),
    );
    renderAdmin('/admin/games');
    await screen.findByText('Away 1 @ Home 1');

    const link = screen.getByRole('link', { name: 'Edit it in a spreadsheet, then upload it on Import Games' });
    expect(link).toHaveAttribute('href', '/admin/import?season_id=1&week_id=3&provider=csv');

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saves.saved).toHaveLength(1));
    expect(requests).toHaveLength(1);
    expect(requests[0].url.search).toBe('');
    expect(requests[0].headers.get('Authorization')).toBe(`Bearer ${session.token()}`);
    expect(saves.saved[0].name).toBe('2026 Season – Fall week 1 games.csv');
    expect(saves.saved[0].href).not.toContain(session.token()!);
    expect(await bytesOf(saves.saved[0].blob)).toBe(WEEK_CSV);
    // The temporary link is gone and its object URL freed.
    expect(document.querySelector('a[download]')).toBeNull();
    await waitFor(() => expect(saves.revoked).toEqual([saves.saved[0].href]));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled());
  });

  it('names the file week-<id>-games.csv when the server gives no name', async () => {
    stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/games': [game(1)], 'GET /api/teams': TEAMS });
    serveFile('/api/weeks/3/games.csv', csvAnswer({}));
    renderAdmin('/admin/games');
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saves.saved.map((file) => file.name)).toEqual(['week-3-games.csv']));
  });

  it("shows the server's refusal and saves nothing", async () => {
    stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/games': [game(1)], 'GET /api/teams': TEAMS });
    serveFile('/api/weeks/3/games.csv', () => new Response(JSON.stringify({ errors: ['Week not found'] }), { status: 404, headers: { 'Content-Type': 'application/json' } }));
    renderAdmin('/admin/games');
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Week not found')).toBeInTheDocument();
    expect(saves.saved).toEqual([]);
  });

  it('keeps Download CSV disabled and the hint away until a week is chosen', async () => {
    // No current season or week: the filters start empty.
    const { calls } = stubAdminApi({ 'GET /api/football_seasons': [], 'GET /api/weeks': [], 'GET /api/games': [], 'GET /api/teams': TEAMS });
    renderAdmin('/admin/games');
    expect(await screen.findByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: /Edit it in a spreadsheet/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname.endsWith('.csv'))).toBe(false);
  });
});

describe('fileNameOf', () => {
  it.each([
    ['attachment; filename="teams.csv"', 'teams.csv'],
    ['attachment; filename=teams.csv', 'teams.csv'],
    [`attachment; filename="Caf_ week 2 games.csv"; filename*=UTF-8''${encodeURIComponent('Café week 2 games.csv')}`, 'Café week 2 games.csv'],
    ["attachment; filename=\"plain.csv\"; filename*=UTF-8''%E0%A4%A", 'plain.csv'],
    ['attachment', 'fallback.csv'],
    [null, 'fallback.csv'],
  ])('reads %s as %s', (disposition, name) => {
    expect(fileNameOf(disposition, 'fallback.csv')).toBe(name);
  });
});
