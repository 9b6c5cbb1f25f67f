import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../session/session';
import { chooseOption, clickWhenEnabled, CURRENT_ROUTES, renderAdmin, SEASON, stubAdminApi, typeInto } from '../test/adminTestUtils';
import { CONTEST, LOCKED } from './survivorFixtures';
import { SURVIVOR_TEXTS } from './survivorTexts';
import { survivorContestBody } from './SurvivorContestInputs';

describe('Survivor contests', { timeout: 120_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('lists each contest with its season, entrants, who is alive and whether it is over', async () => {
    stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/survivor_contests': [CONTEST, { ...CONTEST, id: 5, name: 'Done', finished: true, alive_count: 1 }] });
    renderAdmin('/admin/survivor_contests');
    expect(await screen.findByRole('heading', { name: SURVIVOR_TEXTS.contests })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Last One Standing/ });
    expect(within(row).getByText('2026 Season')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('Running')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Done/ })).getByText('Finished')).toBeInTheDocument();
  });

  it('adds a contest with every rule, the fee in dollars and the payouts as percentages', async () => {
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/survivor_contests': [],
      'POST /api/survivor_contests': ({ body }: { body: object }) => ({ status: 201, body: { ...CONTEST, ...body, id: 9 } }),
    });
    renderAdmin('/admin/survivor_contests/create');
    const dialog = await screen.findByRole('dialog', { name: SURVIVOR_TEXTS.addContest });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Survivor');
    await chooseOption(await within(dialog).findByRole('combobox', { name: /Football Season/ }), '2026 Season');
    await chooseOption(await within(dialog).findByRole('combobox', { name: /First week/ }), 'Week 1');
    await chooseOption(within(dialog).getByRole('combobox', { name: /Each week's pick/ }), "The team must cover the game's line");
    await chooseOption(within(dialog).getByRole('combobox', { name: /Using a team again/ }), 'Each team once per half season');
    await chooseOption(within(dialog).getByRole('combobox', { name: /^Lives/ }), '2 lives');
    await chooseOption(within(dialog).getByRole('combobox', { name: /A tie/ }), 'Costs a life');
    await chooseOption(within(dialog).getByRole('combobox', { name: /A week without a pick/ }), /biggest favourite/);
    await chooseOption(within(dialog).getByRole('combobox', { name: /Everyone left/ }), /share the win/);
    typeInto(within(dialog).getByLabelText(/Entry fee/), '25');
    typeInto(within(dialog).getByLabelText(/Payouts/), '70, 20');
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The places must add up to 100% (now 90%)')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    typeInto(within(dialog).getByLabelText(/Payouts/), '70, 30');
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      football_season_id: SEASON.id,
      name: 'Survivor',
      first_week_id: 3,
      pick_mode: 'spread',
      reuse: 'half',
      lives: 2,
      ties: 'loss',
      missed: 'favourite',
      all_lose: 'share_win',
      entry_fee_cents: 2500,
      payout_percentages: [70, 30],
    });
    expect(await screen.findByText('Survivor contest added')).toBeInTheDocument();
  });

  it('shows the rules read-only once locked, says why, and saves the name alone', async () => {
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/survivor_contests': [LOCKED],
      [`GET /api/survivor_contests/${LOCKED.id}`]: LOCKED,
      [`PUT /api/survivor_contests/${LOCKED.id}`]: ({ body }: { body: object }) => ({ body: { ...LOCKED, ...body } }),
    });
    renderAdmin(`/admin/survivor_contests/${LOCKED.id}`);
    const dialog = await screen.findByRole('dialog', { name: SURVIVOR_TEXTS.editContest });
    expect(await within(dialog).findByText(SURVIVOR_TEXTS.rulesLocked)).toBeInTheDocument();
    expect(within(dialog).getByText(/when the first week's first pick deadline passes/)).toBeInTheDocument();
    for (const name of [/Each week's pick/, /Using a team again/, /^Lives/, /A tie/, /A week without a pick/, /Everyone left/, /First week/]) {
      expect(within(dialog).getByRole('combobox', { name })).toHaveAttribute('aria-disabled', 'true');
    }
    expect(within(dialog).getByLabelText(/Entry fee/)).toBeDisabled();
    typeInto(within(dialog).getByLabelText(/^Name/), 'The Last Stand');
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ name: 'The Last Stand' });
  });

  it('shows the server refusal of a rules change in the form', async () => {
    stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/survivor_contests': [CONTEST],
      [`GET /api/survivor_contests/${CONTEST.id}`]: CONTEST,
      [`PUT /api/survivor_contests/${CONTEST.id}`]: () => ({ status: 409, body: { errors: ["The survivor contest's rules can't change once its first week has locked"] } }),
    });
    renderAdmin(`/admin/survivor_contests/${CONTEST.id}`);
    const dialog = await screen.findByRole('dialog', { name: SURVIVOR_TEXTS.editContest });
    await chooseOption(await within(dialog).findByRole('combobox', { name: /^Lives/ }), '3 lives');
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText("The survivor contest's rules can't change once its first week has locked")).toBeInTheDocument();
  });

  it('calculates a contest and says what the server answered', async () => {
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/survivor_contests': [CONTEST],
      [`POST /api/survivor_contests/${CONTEST.id}/calculate`]: { weeks_calculated: 3, alive_count: 1, finished: true },
    });
    renderAdmin('/admin/survivor_contests');
    const row = await screen.findByRole('row', { name: /Last One Standing/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByText('Calculated 3 weeks: 1 alive; the contest is over')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it("is reached from the season's edit dialog: its contest, or a new one for the season", async () => {
    const season = { ...SEASON, rules: undefined, rules_locked: false, rules_summary: [] };
    stubAdminApi({
      ...CURRENT_ROUTES,
      [`GET /api/football_seasons/${SEASON.id}`]: season,
      'GET /api/survivor_contests': ({ filter }: { filter: Record<string, unknown> }) => ({ body: filter.football_season_id === SEASON.id ? [] : [CONTEST] }),
    });
    renderAdmin(`/admin/seasons/${SEASON.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Football Season' });
    fireEvent.click(await within(dialog).findByRole('link', { name: 'Survivor contest' }));
    const add = await screen.findByRole('dialog', { name: SURVIVOR_TEXTS.addContest });
    await waitFor(() => expect(within(add).getByRole('combobox', { name: /Football Season/ })).toHaveTextContent('2026 Season'));
  });

  it('sends no rules once they are locked, and no first week when left to the server', () => {
    expect(survivorContestBody({ ...LOCKED, name: ' X ' })).toEqual({ name: 'X' });
    const body = survivorContestBody({ football_season_id: '1', name: 'S', first_week_id: '', pick_mode: 'winner', reuse: 'never', lives: '1', ties: 'win', missed: 'loss', all_lose: 'stay_alive', payout_percentages: '' });
    expect(body).not.toHaveProperty('first_week_id');
    expect(body).toMatchObject({ football_season_id: 1, lives: 1, entry_fee_cents: 0, payout_percentages: [] });
  });
});
