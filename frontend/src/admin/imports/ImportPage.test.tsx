import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { reachability } from '../../api/reachability';
import { session } from '../../session/session';
import { CURRENT_ROUTES, renderAdmin, stubAdminApi, WEEK } from '../test/adminTestUtils';
import { catchSaves, serveFile } from '../test/downloads';
import { NORTHERN_IOWA, preview, previewGame, PROVIDERS, saturdayAt, team, weekGames } from './importFixtures';
import { WEEK_FILE_LABEL } from './CsvFile';

const TEAMS = [
  { id: 55, name: 'Iowa', nickname: null },
  { id: 56, name: 'Iowa State', nickname: null },
];

/** A stubbed answer with its status (a plain object would be taken as the body). */
const answer = (status: number, body: unknown) => () => ({ status, body });

const rowOf = (matchup: string) => screen.getByRole('row', { name: new RegExp(matchup.replace(/[#@]/g, (c) => `\\${c}`)) });
const included = () =>
  screen
    .getAllByRole('checkbox', { name: /^Include (?!every)/ })
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => box.getAttribute('aria-label')!.replace('Include ', ''));

async function previewed(routes: Record<string, unknown>) {
  const stub = stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/providers': PROVIDERS, 'GET /api/teams': TEAMS, ...routes });
  renderAdmin('/admin/import');
  expect(await screen.findByRole('heading', { name: 'Import Games' })).toBeInTheDocument();
  const button = await screen.findByRole('button', { name: 'Preview' });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
  await screen.findByRole('table', { name: 'Games from the provider' });
  return stub;
}

describe('Import Games', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
    reachability.reset();
  });

  it('previews the current week from CFBD and shows each game with its change, ranks, kickoff and line', async () => {
    const changed = previewGame('K', team('Texas', { rank: 1, conference: 'SEC' }), team('Ohio State', { rank: 3 }), {
      change: 'changed',
      game_id: 9,
      selected: true,
      is_tiebreaker: true,
      line_frozen: true,
      betting_line: 7.5,
      betting_line_team: 'away',
      line_source: 'cfbd: consensus',
      game_date: saturdayAt(19, 30),
      changes: [
        { field: 'game_date', from: saturdayAt(15, 30), to: saturdayAt(19, 30) },
        { field: 'betting_line', from: 7, to: 7.5 },
      ],
    });
    const { calls } = await previewed({ 'POST /api/imports': answer(201, preview(41, [changed, ...weekGames(true).slice(1, 3)])) });
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ week_id: 3, provider: 'cfbd' });

    const row = rowOf('#1 Texas @ #3 Ohio State');
    expect(within(row).getByText('Changed')).toBeInTheDocument();
    expect(within(row).getByText('kickoff Sat 3:30 PM → Sat 7:30 PM')).toBeInTheDocument();
    expect(within(row).getByText('line Texas \u22127 → \u22127.5')).toBeInTheDocument();
    expect(within(row).getByText('Sat, Aug 30, 7:30 PM')).toBeInTheDocument();
    expect(within(row).getByText('Texas \u22127.5')).toBeInTheDocument();
    expect(within(row).getByText('Line locked')).toBeInTheDocument();
    // Already in the week: ticked, and the tiebreaker.
    expect(within(row).getByRole('checkbox', { name: 'Include Texas @ Ohio State' })).toBeChecked();
    expect(within(row).getByRole('radio', { name: 'Tiebreaker: Texas @ Ohio State' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('1 game selected · tiebreaker: Texas @ Ohio State');
    expect(screen.getByText(/The weekly e-mail needs exactly 10 games and 1 tiebreaker/)).toBeInTheDocument();
    expect(within(rowOf('#9 LSU @ #4 Clemson')).getByText('New')).toBeInTheDocument();
    expect(within(row).getByRole('checkbox', { name: 'Update line' })).not.toBeChecked();
  });

  it('filters the games and takes the 10 biggest, the biggest as the tiebreaker', async () => {
    await previewed({ 'POST /api/imports': answer(201, preview(41, weekGames(true))) });
    expect(screen.getByText('12 of 12 games shown')).toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('Ranked teams only'));
    expect(screen.getByText('7 of 12 games shown')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Kansas @ Fresno State/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Ranked teams only'));

    fireEvent.change(screen.getByLabelText('Conference'), { target: { value: 'SEC' } });
    expect(screen.getByText('4 of 12 games shown')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Conference'), { target: { value: '' } });

    fireEvent.click(screen.getByLabelText('FBS vs FBS only'));
    fireEvent.change(screen.getByLabelText('How many'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Take the 3 biggest games' }));
    expect(included()).toEqual(['Texas @ Ohio State', 'LSU @ Clemson', 'Nevada @ Penn State']);
    fireEvent.click(screen.getByLabelText('FBS vs FBS only'));

    fireEvent.change(screen.getByLabelText('How many'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Take the 10 biggest games' }));
    // Every game but the dropped (Rice @ Houston) and cancelled ones (Miami @ Notre Dame).
    expect(included().sort()).toEqual(
      ['Texas @ Ohio State', 'LSU @ Clemson', 'Alabama @ Florida State', 'Nevada @ Penn State', 'Marshall @ Georgia', 'Northern Iowa @ Iowa State', 'Kansas @ Fresno State', 'Jackson State @ Notre Dame', 'Montana @ Utah', 'UCLA @ Utah State'].sort(),
    );
    expect(screen.getByRole('radio', { name: 'Tiebreaker: Texas @ Ohio State' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('10 games selected · tiebreaker: Texas @ Ohio State');
    expect(screen.queryByText(/The weekly e-mail needs/)).not.toBeInTheDocument();

    // Unticking the tiebreaker's game leaves no tiebreaker, and the warning says so.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include Texas @ Ohio State' }));
    expect(screen.getByRole('status')).toHaveTextContent('9 games selected · no tiebreaker');
    expect(screen.getByText(/this selection has 9 games and no tiebreaker/)).toBeInTheDocument();
  });

  it('creates every unmatched team in one call, previews again, then applies what is ticked', async () => {
    let previews = 0;
    const { calls } = await previewed({
      'POST /api/imports': () => {
        previews += 1;
        return previews === 1
          ? { status: 201, body: preview(41, weekGames(false), { unmatched_teams: [NORTHERN_IOWA] }) }
          : { status: 201, body: preview(42, weekGames(true)) };
      },
      'POST /api/team_mappings': answer(201, { mappings: [] }),
      'POST /api/imports/42/apply': answer(201, { import: { id: 42 }, created: 10, updated: 0, removed: 0, unchanged: 0, games: [] }),
    });
    const panel = screen.getByRole('region', { name: /Unmatched teams/ });
    expect(within(panel).getByText('Northern Iowa')).toBeInTheDocument();
    const blocked = screen.getByRole('checkbox', { name: 'Include Northern Iowa @ Iowa State' });
    expect(blocked).toBeDisabled();
    expect(screen.getByText('Map or create Northern Iowa first: not in the pool yet.')).toBeInTheDocument();

    // Ticked before the mapping: still ticked after the preview is asked again.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include UCLA @ Utah State' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Create all as FCS teams' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Unmatched teams/ })).not.toBeInTheDocument());
    expect(calls.find((call) => call.url.pathname === '/api/team_mappings')!.body).toEqual({
      provider: 'cfbd',
      mappings: [{ external_id: 'x-Northern Iowa', external_name: 'Northern Iowa', create: {} }],
    });
    expect(calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/imports')).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: 'Include UCLA @ Utah State' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Include Northern Iowa @ Iowa State' })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: 'Take the 10 biggest games' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Tiebreaker: LSU @ Clemson' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Created 10 games, updated 0, removed 0')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/imports/42/apply')!.body).toEqual({
      games: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'L', 'M'],
      tiebreaker: 'B',
      update_lines: [],
    });
    expect(screen.getByRole('link', { name: "View the week's games" })).toHaveAttribute(
      'href',
      `/admin/games?filter=${encodeURIComponent(JSON.stringify({ football_season_id: 1, week_id: 3 }))}`,
    );
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('sends the ticked frozen lines in update_lines, and shows a refusal verbatim', async () => {
    const frozen = previewGame('K', team('Texas', { rank: 1 }), team('Ohio State', { rank: 3 }), {
      change: 'changed',
      selected: true,
      line_frozen: true,
      betting_line: 7.5,
      betting_line_team: 'away',
      changes: [{ field: 'betting_line', from: 7, to: 7.5 }],
    });
    const refusal = "The week's games changed since this preview. Preview again.";
    const { calls } = await previewed({
      'POST /api/imports': answer(201, preview(41, [frozen])),
      'POST /api/imports/41/apply': answer(409, { errors: [refusal] }),
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Update line' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(calls.find((call) => call.url.pathname === '/api/imports/41/apply')!.body).toEqual({ games: ['K'], tiebreaker: null, update_lines: ['K'] });
  });

  it('chooses the scoreboard when CFBD has no key, and shows a provider failure in its own words', async () => {
    const message = 'NCAA scoreboard did not answer in 10 s. Try again later, or import from CFBD or a CSV file.';
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/providers': PROVIDERS.map((one) => (one.name === 'cfbd' ? { ...one, configured: false } : one)),
      'POST /api/imports': answer(504, { errors: [message] }),
    });
    renderAdmin('/admin/import');
    const cfbd = await screen.findByRole('radio', { name: 'CollegeFootballData (Needs CFBD_API_KEY)' });
    expect(cfbd).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'NCAA scoreboard' })).toBeChecked());
    const button = screen.getByRole('button', { name: 'Preview' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ week_id: 3, provider: 'scoreboard' });
  });

  it('sends a CSV file as text', async () => {
    const { calls } = stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/providers': PROVIDERS, 'POST /api/imports': answer(201, preview(41, [], { provider: 'csv' })) });
    renderAdmin('/admin/import');
    fireEvent.click(await screen.findByRole('radio', { name: 'CSV file' }));
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
    const csv = 'away_team,home_team\nTexas,Ohio State\n';
    fireEvent.change(screen.getByLabelText(WEEK_FILE_LABEL), { target: { files: [new File([csv], 'week1.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('week1.csv')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Preview' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ week_id: 3, provider: 'csv', csv }));
  });

  it('explains the CSV columns, the kickoff forms in the pool time zone and an example, folded until asked for', async () => {
    stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/providers': PROVIDERS.map((one) => (one.name === 'csv' ? { ...one, time_zone: 'America/Chicago' } : one)) });
    renderAdmin('/admin/import?provider=csv');
    const toggle = await screen.findByRole('button', { name: 'CSV columns' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('home_team')).not.toBeInTheDocument();

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const terms = (await screen.findAllByRole('term')).map((term) => term.textContent);
    expect(terms).toEqual([
      'game_id',
      'game_daterequired',
      'away_teamrequired',
      'home_teamrequired',
      'away_rank',
      'home_rank',
      'betting_line',
      'betting_line_team',
      'is_tiebreaker',
      'status',
      'away_score',
      'home_score',
      'name',
    ]);
    expect(screen.getByText(/12\/31\/2026 7:30 PM, 12\/31\/2026 19:30, 2026-12-31 19:30, or with its own zone 2026-12-31T19:30:00Z/)).toHaveTextContent(
      'Times without a zone are in America/Chicago.',
    );
    expect(screen.getByText(/^game_date,away_team,home_team/)).toHaveTextContent('9/5/2026 7:30 PM,Texas,Ohio State,2.5,home,yes');
  });

  it('offers the template of the week chosen on the page and downloads that week', async () => {
    const saves = catchSaves();
    try {
      const week2 = { ...WEEK, id: 4, number: 2, display_name: 'Week 2', is_current: false, status: 'upcoming' };
      stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/weeks': [WEEK, week2], 'GET /api/providers': PROVIDERS });
      const requests = serveFile('/api/weeks/4/games.csv', () => new Response('\uFEFFgame_id,game_date,away_team,home_team\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }));
      renderAdmin('/admin/import');
      fireEvent.click(await screen.findByRole('radio', { name: 'CSV file' }));
      expect(await screen.findByRole('button', { name: 'Download template for Week 1' })).toBeInTheDocument();

      const weekSelect = screen.getByRole('combobox', { name: 'Week' });
      await within(weekSelect).findByRole('option', { name: 'Week 2' });
      fireEvent.change(weekSelect, { target: { value: '4' } });
      fireEvent.click(await screen.findByRole('button', { name: 'Download template for Week 2' }));
      await waitFor(() => expect(saves.saved.map((file) => file.name)).toEqual(['week-4-games.csv']));
      expect(requests).toHaveLength(1);
    } finally {
      saves.restore();
    }
  });

  it("offers the CSV file when a provider can't be reached, and choosing another source clears the failure", async () => {
    const message = 'NCAA scoreboard could not be reached (connection refused). Nothing was changed; try again later.';
    stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/providers': PROVIDERS, 'POST /api/imports': answer(502, { errors: [message] }) });
    renderAdmin('/admin/import');
    fireEvent.click(await screen.findByRole('radio', { name: 'NCAA scoreboard' }));
    const preview = screen.getByRole('button', { name: 'Preview' });
    await waitFor(() => expect(preview).toBeEnabled());
    fireEvent.click(preview);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${message} You can import the week from a CSV file instead.`);

    fireEvent.click(within(alert).getByRole('button', { name: 'Import from a CSV file' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'CSV file' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Choose CSV file' })).toBeInTheDocument();

    // The same failure again, then another provider chosen by hand: the failure goes too.
    fireEvent.click(screen.getByRole('radio', { name: 'NCAA scoreboard' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    fireEvent.click(screen.getByRole('radio', { name: 'CollegeFootballData' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers no CSV file for a refusal that is not about reaching the provider', async () => {
    const refusal = 'Week not found';
    stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/providers': PROVIDERS, 'POST /api/imports': answer(422, { errors: [refusal] }) });
    renderAdmin('/admin/import');
    const preview = await screen.findByRole('button', { name: 'Preview' });
    await waitFor(() => expect(preview).toBeEnabled());
    fireEvent.click(preview);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(refusal);
    expect(alert).not.toHaveTextContent('CSV');
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });
});
