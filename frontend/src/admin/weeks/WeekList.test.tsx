import { fireEvent, screen, within } from '@testing-library/react';
import { session } from '../../session/session';
import { chooseOption, clickWhenEnabled, renderAdmin, SEASON, stubAdminApi, typeInto, WEEK } from '../test/adminTestUtils';
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
});
