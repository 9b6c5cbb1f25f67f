import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../session/session';
import { chooseOption, clickWhenEnabled, CURRENT_ROUTES, game, renderAdmin, stubAdminApi, typeInto } from '../test/adminTestUtils';
import { CONTEST, entry, pick } from './survivorFixtures';
import { SURVIVOR_TEXTS } from './survivorTexts';

const PICKS = [pick(1), pick(2, { user_id: 12, user_name: 'Ben', team_id: null, team_name: null, hidden: true }), pick(3, { user_id: 13, user_name: 'Cat', team_name: 'Away 2', team_id: 21, assigned: true })];
const GAMES = [game(1), game(2), game(3, { status: 'cancelled' })];
const ROUTES = {
  ...CURRENT_ROUTES,
  'GET /api/survivor_contests': [CONTEST],
  'GET /api/survivor_entries': [entry(1, 'Ann'), entry(2, 'Ben')],
  'GET /api/survivor_picks': PICKS,
  'GET /api/survivor_picks/2': PICKS[1],
  'GET /api/games': GAMES,
  'GET /api/users': [],
};

describe('Survivor picks', { timeout: 120_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it("shows a pick whose game is open as hidden, and a favourite the results gave as such", async () => {
    stubAdminApi(ROUTES);
    renderAdmin('/admin/survivor_picks');
    expect(await screen.findByRole('heading', { name: SURVIVOR_TEXTS.picks })).toBeInTheDocument();
    expect(within(await screen.findByRole('row', { name: /Ann/ })).getByText('Home 1')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Ben/ })).getByText(SURVIVOR_TEXTS.hidden)).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Cat/ })).getByText('Away 2 (given as the favourite)')).toBeInTheDocument();
  });

  it('adds an override only with a reason, from the entrants and the teams of the week’s games still played', async () => {
    const { calls } = stubAdminApi({ ...ROUTES, 'POST /api/survivor_picks': ({ body }: { body: object }) => ({ status: 201, body: { ...pick(9), ...body } }) });
    renderAdmin('/admin/survivor_picks/create');
    const dialog = await screen.findByRole('dialog', { name: SURVIVOR_TEXTS.addPick });
    await chooseOption(await within(dialog).findByRole('combobox', { name: /Survivor contest/ }), '2026 Season: Last One Standing');
    const entrant = within(dialog).getByRole('combobox', { name: /Entrant/ });
    fireEvent.mouseDown(entrant);
    fireEvent.click(await screen.findByRole('option', { name: 'Ben' }));
    await chooseOption(await within(dialog).findByRole('combobox', { name: /^Week/ }), 'Week 1');
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: /^Team/ }));
    expect(await screen.findByRole('option', { name: 'Home 2 (vs Away 2)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Home 3/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('option', { name: 'Away 1 (at Home 1)' }));
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Add Pick' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    typeInto(within(dialog).getByLabelText(/^Reason/), ' Phoned in before kickoff ');
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Add Pick' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ survivor_contest_id: CONTEST.id, user_id: 12, week_id: 3, team_id: 11, reason: 'Phoned in before kickoff' });
  });

  it('changes a hidden pick to another team with a reason, and shows a refusal', async () => {
    const { calls } = stubAdminApi({
      ...ROUTES,
      'PUT /api/survivor_picks/2': () => ({ status: 422, body: { errors: ['You used Home 2 in week 1'] } }),
    });
    renderAdmin('/admin/survivor_picks/2');
    const dialog = await screen.findByRole('dialog', { name: SURVIVOR_TEXTS.editPick });
    expect(await within(dialog).findByText(`Ben, week 1: ${SURVIVOR_TEXTS.hidden}`)).toBeInTheDocument();
    await chooseOption(await within(dialog).findByRole('combobox', { name: /^Team/ }), 'Home 2 (vs Away 2)');
    typeInto(within(dialog).getByLabelText(/^Reason/), 'Wrong team entered');
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('You used Home 2 in week 1')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ team_id: 20, reason: 'Wrong team entered' });
  });

  it('deletes a pick only with a reason, sent in the body', async () => {
    const { calls } = stubAdminApi({ ...ROUTES, 'DELETE /api/survivor_picks/1': () => ({ status: 204 }) });
    renderAdmin('/admin/survivor_picks');
    fireEvent.click(within(await screen.findByRole('row', { name: /Ann/ })).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this survivor pick?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    typeInto(within(dialog).getByLabelText(/^Reason/), 'Entered twice');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ reason: 'Entered twice' }));
    expect(await screen.findByText('Survivor pick deleted')).toBeInTheDocument();
  });

  it('lists the audit of overrides: when, who, before, after and why, a team still hidden as such', async () => {
    const audit = (id: number, fields: object) => ({
      id,
      survivor_contest_id: CONTEST.id,
      survivor_pick_id: 1,
      user_id: 11,
      user_name: 'Ann',
      week_id: 3,
      admin_name: 'Admin',
      action: 'update',
      previous_value: { team_id: 10, team_name: 'Home 1' },
      new_value: { team_id: 11, team_name: 'Away 1' },
      reason: 'Wrong team entered',
      created_at: '2026-09-02T12:00:00.000Z',
      ...fields,
    });
    const { calls } = stubAdminApi({
      ...ROUTES,
      'GET /api/survivor_pick_audits': [audit(2, {}), audit(1, { action: 'create', admin_name: null, previous_value: null, new_value: { team_id: null, team_name: null, hidden: true }, reason: 'Phoned in' })],
    });
    renderAdmin(`/admin/survivor_pick_audits?filter=${encodeURIComponent(JSON.stringify({ survivor_contest_id: CONTEST.id }))}`);
    expect(await screen.findByRole('heading', { name: SURVIVOR_TEXTS.audits })).toBeInTheDocument();
    const changed = await screen.findByRole('row', { name: /Wrong team entered/ });
    for (const text of ['Admin', 'Ann', 'Changed', 'Home 1', 'Away 1', '1']) expect(within(changed).getByText(text)).toBeInTheDocument();
    const added = screen.getByRole('row', { name: /Phoned in/ });
    for (const text of ['Deleted admin', 'Added', SURVIVOR_TEXTS.hidden]) expect(within(added).getByText(text)).toBeInTheDocument();
    const list = calls.find((call) => call.url.pathname === '/api/survivor_pick_audits')!;
    expect(JSON.parse(list.url.searchParams.get('filter')!)).toEqual({ survivor_contest_id: CONTEST.id });
  });
});
