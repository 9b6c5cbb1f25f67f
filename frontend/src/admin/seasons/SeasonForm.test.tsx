import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../session/session';
import { chooseOption, clickWhenEnabled, renderAdmin, SEASON, stubAdminApi, typeInto } from '../test/adminTestUtils';
import { DEFAULT_SEASON_RULES } from '../../api/seasonRules';
import { RULES_LOCKED_TEXT, rulesBody } from './RulesInputs';
import { seasonBody } from './SeasonInputs';

const STORED = { ...SEASON, rules: DEFAULT_SEASON_RULES, rules_locked: false, rules_summary: [] as string[] };
const SPREAD = {
  ...STORED,
  rules: { ...DEFAULT_SEASON_RULES, pick_mode: 'spread', push_rule: 'half', games_per_week: null },
  rules_summary: [
    "Picks are against the spread: your team must cover the line that was frozen when the game's first pick was made.",
    'A game that lands exactly on the line (a push) counts as half a win.',
    'Every game of the week is on the card.',
  ],
};

describe('The season form: rules', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it("sends the rules, none once they're locked; half-point lines only against the spread; null for every game", () => {
    const data = { name: '2026', start_date: '2026-08-29', end_date: '2027-01-18', rules: { ...DEFAULT_SEASON_RULES, drop_worst_weeks: '2' } };
    expect(seasonBody(data)).toEqual({ name: '2026', start_date: '2026-08-29', end_date: '2027-01-18', rules: { ...DEFAULT_SEASON_RULES, drop_worst_weeks: 2 } });
    expect(rulesBody({ ...data, rules_locked: true })).toEqual({});
    expect(rulesBody({ rules: { ...DEFAULT_SEASON_RULES, half_point_lines: true } }).rules?.half_point_lines).toBe(false);
    expect(rulesBody({ rules: { ...DEFAULT_SEASON_RULES, pick_mode: 'spread', half_point_lines: true } }).rules?.half_point_lines).toBe(true);
    expect(rulesBody({ rules: DEFAULT_SEASON_RULES, every_game_of_week: true }).rules?.games_per_week).toBeNull();
    expect(rulesBody({ name: 'no rules in the record' })).toEqual({});
  });

  it("starts a new season on the spec's rules and shows the push rule and half-point lines only against the spread", async () => {
    const { calls } = stubAdminApi({
      'GET /api/football_seasons': [],
      'POST /api/football_seasons': ({ body }: { body: object }) => ({ status: 201, body: { ...STORED, id: 2, ...body } }),
    });
    renderAdmin('/admin/seasons/create');
    const dialog = await screen.findByRole('dialog', { name: 'Add Football Season' });
    expect(within(dialog).getByRole('heading', { name: 'Rules' })).toBeInTheDocument();
    const pickMode = within(dialog).getByRole('combobox', { name: /^Pick mode/ });
    expect(pickMode).toHaveTextContent('Pick the winner');
    expect(within(dialog).queryByRole('combobox', { name: /push/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Half-point lines/)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Drop worst weeks/)).toHaveValue(0);
    expect(within(dialog).getByLabelText(/^Games per week/)).toHaveValue(10);
    expect(within(dialog).getByRole('combobox', { name: /^Missed weeks/ })).toHaveTextContent('Count as losses (0 points)');
    expect(within(dialog).getByRole('combobox', { name: /^Weekly ties/ })).toHaveTextContent('Split by the tiebreaker');
    expect(within(dialog).queryByText(RULES_LOCKED_TEXT)).not.toBeInTheDocument();

    typeInto(within(dialog).getByLabelText(/^Name/), '2026-2027');
    typeInto(within(dialog).getByLabelText(/^Start Date/), '2026-08-29');
    typeInto(within(dialog).getByLabelText(/^End Date/), '2027-01-18');
    await chooseOption(pickMode, 'Against the spread');
    await chooseOption(await within(dialog).findByRole('combobox', { name: /^A game landing exactly on the line/ }), 'Counts as half a win');
    fireEvent.click(within(dialog).getByLabelText(/^Confidence points/));
    fireEvent.click(within(dialog).getByLabelText(/^Lock of the week/));
    typeInto(within(dialog).getByLabelText(/^Drop worst weeks/), '2');
    typeInto(within(dialog).getByLabelText(/^Games per week/), '8');
    await chooseOption(within(dialog).getByRole('combobox', { name: /^Missed weeks/ }), /^Left out/);
    await chooseOption(within(dialog).getByRole('combobox', { name: /^Weekly ties/ }), 'Shared place');
    fireEvent.click(within(dialog).getByLabelText(/^Commissioner plays/));
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      name: '2026-2027',
      start_date: '2026-08-29',
      end_date: '2027-01-18',
      rules: {
        pick_mode: 'spread',
        push_rule: 'half',
        half_point_lines: false,
        confidence_points: true,
        lock_of_week: true,
        drop_worst_weeks: 2,
        missed_weeks: 'excluded',
        weekly_ties: 'shared',
        games_per_week: 8,
        commissioner_plays: true,
        // Runs its pick'em (the default; docs/pool-formats.md#survivor).
        pickem: true,
      },
    });
  });

  it('holds a number of weeks to drop beyond 10 and games per week outside 1 to 40 back', async () => {
    const { calls } = stubAdminApi({ 'GET /api/football_seasons': [] });
    renderAdmin('/admin/seasons/create');
    const dialog = await screen.findByRole('dialog', { name: 'Add Football Season' });
    typeInto(within(dialog).getByLabelText(/^Name/), '2026-2027');
    typeInto(within(dialog).getByLabelText(/^Start Date/), '2026-08-29');
    typeInto(within(dialog).getByLabelText(/^End Date/), '2027-01-18');
    typeInto(within(dialog).getByLabelText(/^Drop worst weeks/), '11');
    typeInto(within(dialog).getByLabelText(/^Games per week/), '0');
    // The browser's own check (min and max) stops the submit and says why.
    expect(within(dialog).getByLabelText(/^Drop worst weeks/)).toBeInvalid();
    expect(within(dialog).getByLabelText(/^Games per week/)).toBeInvalid();
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save' }));
    typeInto(within(dialog).getByLabelText(/^Drop worst weeks/), '10');
    typeInto(within(dialog).getByLabelText(/^Games per week/), '');
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows a season's rules in plain words, with every game of the week, and sends them back as they are", async () => {
    const { calls } = stubAdminApi({
      'GET /api/football_seasons': [SPREAD],
      'GET /api/football_seasons/1': SPREAD,
      'PUT /api/football_seasons/1': ({ body }: { body: object }) => ({ body: { ...SPREAD, ...body } }),
    });
    renderAdmin('/admin/seasons/1');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Football Season' });
    const summary = await within(dialog).findByRole('region', { name: "This season's rules" });
    expect(within(summary).getAllByRole('listitem').map((item) => item.textContent)).toEqual(SPREAD.rules_summary);
    expect(within(dialog).getByRole('combobox', { name: /^A game landing exactly on the line/ })).toHaveTextContent('Counts as half a win');
    expect(within(dialog).getByLabelText(/^Every game of the week/)).toBeChecked();
    expect(within(dialog).queryByLabelText(/^Games per week/)).not.toBeInTheDocument();

    typeInto(within(dialog).getByLabelText(/^Name/), '2026 Pool');
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ name: '2026 Pool', rules: SPREAD.rules });
  });

  it('locks the rules once the first game has kicked off, and saves the season without them', async () => {
    const locked = { ...SPREAD, rules_locked: true };
    const { calls } = stubAdminApi({
      'GET /api/football_seasons': [locked],
      'GET /api/football_seasons/1': locked,
      'PUT /api/football_seasons/1': ({ body }: { body: object }) => ({ body: { ...locked, ...body } }),
    });
    renderAdmin('/admin/seasons/1');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Football Season' });
    expect(await within(dialog).findByText(RULES_LOCKED_TEXT)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /^Pick mode/ })).toHaveAttribute('aria-disabled', 'true');
    for (const label of [/^Confidence points/, /^Lock of the week/, /^Drop worst weeks/, /^Every game of the week/, /^Commissioner plays/, /^Half-point lines/]) {
      expect(within(dialog).getByLabelText(label)).toBeDisabled();
    }
    expect(within(dialog).getByLabelText(/^Name/)).toBeEnabled();

    typeInto(within(dialog).getByLabelText(/^Name/), '2026 Pool');
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    const sent = calls.find((call) => call.method === 'PUT')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ name: '2026 Pool' });
    expect(sent).not.toHaveProperty('rules');
  });
});

describe('The season form: entry fee and payouts', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('takes the fee and weekly amount in dollars, the payouts as a list, and sends cents; holds payouts not adding up to 100 back', async () => {
    const { calls } = stubAdminApi({
      'GET /api/football_seasons': [],
      'POST /api/football_seasons': ({ body }: { body: object }) => ({ status: 201, body: { ...STORED, id: 2, ...body } }),
    });
    renderAdmin('/admin/seasons/create');
    const dialog = await screen.findByRole('dialog', { name: 'Add Football Season' });
    expect(within(dialog).getByRole('heading', { name: 'Entry fee and payouts' })).toBeInTheDocument();
    typeInto(within(dialog).getByLabelText(/^Name/), '2026-2027');
    typeInto(within(dialog).getByLabelText(/^Start Date/), '2026-08-29');
    typeInto(within(dialog).getByLabelText(/^End Date/), '2027-01-18');
    typeInto(within(dialog).getByLabelText(/^Entry fee/), '25');
    typeInto(within(dialog).getByLabelText(/^Weekly winner/), '2.5');
    typeInto(within(dialog).getByLabelText(/^Season payouts/), '60, 30');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The places must add up to 100% (now 90%)')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    typeInto(within(dialog).getByLabelText(/^Season payouts/), '60, 40');
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual(
      expect.objectContaining({ entry_fee_cents: 2500, weekly_winner_cents: 250, payout_percentages: [60, 40] }),
    );
  });
});
