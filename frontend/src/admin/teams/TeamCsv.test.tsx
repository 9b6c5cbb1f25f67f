import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../session/session';
import { renderAdmin, stubAdminApi } from '../test/adminTestUtils';
import { bytesOf, catchSaves, serveFile } from '../test/downloads';
import { TEAMS_FILE_LABEL, teamsImportedText } from './TeamCsv';

const team = (id: number, name: string) => ({
  id,
  name,
  nickname: null,
  mascot: null,
  city: 'Town',
  state: 'TX',
  conference_id: 1,
  conference: { id: 1, name: 'Big Test' },
  wins: 0,
  losses: 0,
  webpage_url: null,
});
const TEAMS_CSV = 'id,name,nickname,mascot,conference,city,state,webpage_url,classification,alternate_names\n,Clemson,Tigers,,ACC,Clemson,SC,,fbs,\n1,Alabama,Crimson Tide,,SEC,Tuscaloosa,AL,,fbs,Bama\n';
const chooseFile = (text: string, name = 'teams.csv') =>
  fireEvent.change(screen.getByLabelText(TEAMS_FILE_LABEL), { target: { files: [new File([text], name, { type: 'text/csv' })] } });

describe('Manage Teams: CSV', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('writes the notice of docs/imports.md', () => {
    expect(teamsImportedText({ created: 2, updated: 1, unchanged: 130 })).toBe('Teams imported: 2 created, 1 updated, 130 unchanged');
  });

  it("posts the file's text, shows the counts and reloads the list", async () => {
    let teams = [team(1, 'Alabama')];
    const { calls } = stubAdminApi({
      'GET /api/teams': () => ({ body: teams }),
      'GET /api/conferences': [],
      'POST /api/teams/import': () => {
        teams = [team(1, 'Alabama'), team(2, 'Clemson')];
        return { body: { created: 1, updated: 1, unchanged: 130 } };
      },
    });
    renderAdmin('/admin/teams');
    await screen.findByText('Alabama');
    // "Import CSV" opens the browser's file chooser (the hidden input).
    const opened = vi.spyOn(screen.getByLabelText(TEAMS_FILE_LABEL), 'click');
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    expect(opened).toHaveBeenCalledTimes(1);

    chooseFile(TEAMS_CSV);
    expect(await screen.findByText('Teams imported: 1 created, 1 updated, 130 unchanged')).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.url.pathname, call.body])).toEqual([['/api/teams/import', { csv: TEAMS_CSV }]]);
    expect(await screen.findByText('Clemson')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers the import on the empty page of a pool without teams, and lists them after it', async () => {
    let teams: ReturnType<typeof team>[] = [];
    stubAdminApi({
      'GET /api/teams': () => ({ body: teams }),
      'GET /api/conferences': [],
      'POST /api/teams/import': () => {
        teams = [team(1, 'Alabama'), team(2, 'Clemson')];
        return { body: { created: 2, updated: 0, unchanged: 0 } };
      },
    });
    renderAdmin('/admin/teams');
    expect(await screen.findByText('No teams available.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    chooseFile(TEAMS_CSV);
    expect(await screen.findByText('Teams imported: 2 created, 0 updated, 0 unchanged')).toBeInTheDocument();
    expect(await screen.findByText('Clemson')).toBeInTheDocument();
    expect(screen.queryByText('No teams available.')).not.toBeInTheDocument();
  });

  it('lists every problem of a refused file, verbatim, and changes nothing', async () => {
    const problems = ['Line 2: conference "Nowhere" does not exist', 'Line 4: name is required', 'Line 7: id 999 is not a team'];
    const { calls } = stubAdminApi({
      'GET /api/teams': [team(1, 'Alabama')],
      'GET /api/conferences': [],
      'POST /api/teams/import': () => ({ status: 422, body: { errors: problems } }),
    });
    renderAdmin('/admin/teams');
    await screen.findByText('Alabama');
    const listLoads = () => calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/teams').length;

    chooseFile('name,conference\nbad\n', 'fixed.csv');
    const dialog = await screen.findByRole('dialog', { name: 'fixed.csv was not imported' });
    const shown = within(within(dialog).getByRole('list', { name: 'Problems in the file' })).getAllByRole('listitem');
    expect(shown.map((item) => item.textContent)).toEqual(problems);
    expect(within(dialog).getByText(/Nothing was changed/)).toBeInTheDocument();
    expect(screen.queryByText(/Teams imported/)).not.toBeInTheDocument();
    const loadsBefore = listLoads();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(listLoads()).toBe(loadsBefore);

    // The same file, fixed, can be chosen again.
    chooseFile('name,conference\nbad\n', 'fixed.csv');
    expect(await screen.findByRole('dialog', { name: 'fixed.csv was not imported' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('says why when the import fails for another reason', async () => {
    stubAdminApi({
      'GET /api/teams': [team(1, 'Alabama')],
      'GET /api/conferences': [],
      'POST /api/teams/import': () => ({ status: 403, body: { errors: ['Admin access required'] } }),
    });
    renderAdmin('/admin/teams');
    await screen.findByText('Alabama');
    chooseFile(TEAMS_CSV);
    expect(await screen.findByText('Admin access required')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('exports every team through the API client, named as the server says', async () => {
    const saves = catchSaves();
    try {
      stubAdminApi({ 'GET /api/teams': [team(1, 'Alabama')], 'GET /api/conferences': [] });
      const requests = serveFile('/api/teams.csv', () => new Response(`\uFEFF${TEAMS_CSV}`, { headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="teams.csv"' } }));
      renderAdmin('/admin/teams');
      await screen.findByText('Alabama');
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(saves.saved).toHaveLength(1));
      expect(requests.map((request) => request.headers.get('Authorization'))).toEqual([`Bearer ${session.token()}`]);
      expect(saves.saved[0].name).toBe('teams.csv');
      expect(await bytesOf(saves.saved[0].blob)).toBe(`\uFEFF${TEAMS_CSV}`);
    } finally {
      saves.restore();
    }
  });
});
