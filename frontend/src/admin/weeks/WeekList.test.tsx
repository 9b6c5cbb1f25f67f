import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../session/session';
import { asPhone, chooseOption, clickWhenEnabled, CURRENT_ROUTES, renderAdmin, SEASON, stubAdminApi, typeInto, WEEK } from '../test/adminTestUtils';
import { dateText } from '../../format';
import { addDays, nextWeekOf } from './WeekInputs';
import { weekStatusText } from './WeekList';

describe('Manage Weeks', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('asks for a season first, then lists its weeks, and resets the filters', async () => {
    stubAdminApi({ 'GET /api/football_seasons': [SEASON], 'GET /api/weeks': ({ filter }: { filter: { football_season_id?: number } }) => ({ body: filter.football_season_id ? [WEEK] : [WEEK] }) });
    renderAdmin('/admin/weeks');
    expect(await screen.findByText('Select a football season to view weeks')).toBeInTheDocument();
    await chooseOption(await screen.findByRole('combobox', { name: /Football Season/ }), '2026 Season');
    expect(await screen.findByRole('cell', { name: 'Week 1' })).toBeInTheDocument();
    expect(screen.getByText('Current')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(await screen.findByText('Select a football season to view weeks')).toBeInTheDocument();
  });

  it('lists each week with its dates on a phone, so the week to score is told apart by its dates', async () => {
    const undo = asPhone();
    try {
      stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/weeks': [WEEK] });
      renderAdmin('/admin/weeks');
      expect(await screen.findByText('Week 1 (current)')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.getByText(`${dateText(WEEK.start_date)} – ${dateText(WEEK.end_date)} · 2 games`)).toBeInTheDocument();
    } finally {
      undo();
    }
  });

  it('names each week of the week filter with its days, so the week to score is found on a phone', async () => {
    stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/weeks': [WEEK, { ...WEEK, id: 2, number: 2, display_name: 'Week 2', start_date: '2026-09-08', end_date: '2026-09-14', is_current: false }] });
    renderAdmin('/admin/weeks');
    await screen.findByRole('cell', { name: 'Week 1' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Week' }));
    const day = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { timeZone: 'UTC', month: 'short', day: 'numeric' });
    expect(await screen.findByRole('option', { name: `Week 1 · ${day('2026-09-01')} – ${day('2026-09-07')}` })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: `Week 2 · ${day('2026-09-08')} – ${day('2026-09-14')}` })).toBeInTheDocument();
  });

  it('requires a season on a new week, with the spec text', async () => {
    const { calls } = stubAdminApi({ 'GET /api/football_seasons': [SEASON], 'GET /api/weeks': [] });
    renderAdmin('/admin/weeks/create');
    const dialog = await screen.findByRole('dialog', { name: 'Add Week' });
    expect(within(dialog).getByLabelText('Set as Current Week')).toBeInTheDocument();
    typeInto(within(dialog).getByLabelText(/^Week Number/), '2');
    typeInto(within(dialog).getByLabelText(/^Start Date/), '2026-09-08');
    typeInto(within(dialog).getByLabelText(/^End Date/), '2026-09-14');
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please select a football season')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it.each([
    ['past', 'Past'],
    ['upcoming', 'Upcoming'],
    ['current', 'Current'],
    ['postponed', 'postponed'],
  ])('shows the status %s as "%s"', (status, text) => {
    expect(weekStatusText(status)).toBe(text);
  });

  it('starts on the current season, with no count under the prompt once the filters are reset', async () => {
    const { calls } = stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/weeks': [WEEK] });
    renderAdmin('/admin/weeks');
    expect(await screen.findByRole('cell', { name: 'Week 1' })).toBeInTheDocument();
    const list = calls.find((call) => call.url.pathname === '/api/weeks' && call.url.searchParams.has('range'));
    expect(JSON.parse(list!.url.searchParams.get('filter')!)).toEqual({ football_season_id: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(await screen.findByText('Select a football season to view weeks')).toBeInTheDocument();
    expect(screen.queryByText(/1-1 of 1/)).not.toBeInTheDocument();
  });

  it('suggests the next week: the number after the latest, from the day after it ends, seven days long', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(nextWeekOf([{ number: 2, end_date: '2026-09-14' }, { number: 1, end_date: '2026-09-07' }])).toEqual({ number: 3, start_date: '2026-09-15', end_date: '2026-09-21' });
    expect(nextWeekOf([], '2026-08-29')).toEqual({ number: 1, start_date: '2026-08-29', end_date: '2026-09-04' });
    expect(nextWeekOf([])).toEqual({ number: 1 });
  });

  it('fills the suggestion into a new week of the season the list shows', async () => {
    const { calls } = stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/weeks': [WEEK], 'POST /api/weeks': ({ body }: { body: object }) => ({ status: 201, body: { ...WEEK, id: 4, ...body } }) });
    renderAdmin('/admin/weeks');
    await screen.findByRole('cell', { name: 'Week 1' });
    fireEvent.click(screen.getByRole('link', { name: 'Add Week' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Week' });
    await waitFor(() => expect(within(dialog).getByLabelText(/^Week Number/)).toHaveValue(2));
    expect(within(dialog).getByLabelText(/^Start Date/)).toHaveValue('2026-09-08');
    expect(within(dialog).getByLabelText(/^End Date/)).toHaveValue('2026-09-14');
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ football_season_id: 1, number: 2, start_date: '2026-09-08', end_date: '2026-09-14' }));
  });
});
