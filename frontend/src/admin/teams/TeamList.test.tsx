import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../session/session';
import { chooseOption, renderAdmin, stubAdminApi, typeInto } from '../test/adminTestUtils';
import { teamCountText } from './TeamList';

const team = (id: number, name: string, nickname: string) => ({
  id,
  name,
  nickname,
  mascot: null,
  city: 'Town',
  state: 'TX',
  conference_id: 1,
  conference: { id: 1, name: 'Big Test' },
  wins: 0,
  losses: 0,
  webpage_url: 'https://example.com',
});
const TEAMS = [team(1, 'Alabama', 'Crimson Tide'), team(2, 'Auburn', 'Tigers'), team(3, 'Baylor', 'Bears')];

describe('Manage Teams', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('writes the count text of docs/product.md#screens', () => {
    expect(teamCountText(1, 3)).toBe('1 team(s) found (filtered from 3 total)');
  });

  it('filters by name or nickname, counts against every team, and clears the filter', async () => {
    const { calls } = stubAdminApi({
      'GET /api/teams': ({ filter }: { filter: { q?: string } }) => ({
        body: filter.q ? TEAMS.filter((t) => `${t.name} ${t.nickname}`.toLowerCase().includes(filter.q!.toLowerCase())) : TEAMS,
      }),
      'GET /api/conferences': [{ id: 1, name: 'Big Test' }],
    });
    renderAdmin('/admin/teams');
    expect(await screen.findByRole('heading', { name: 'Manage Teams' })).toBeInTheDocument();
    await screen.findByText('Baylor');
    expect(screen.queryByText(/team\(s\) found/)).not.toBeInTheDocument();

    typeInto(screen.getByLabelText('Search by Team Name'), 'tide');
    expect(await screen.findByText('1 team(s) found (filtered from 3 total)')).toBeInTheDocument();
    expect(screen.queryByText('Baylor')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.searchParams.get('filter') === '{"q":"tide"}')).toBe(true);

    typeInto(screen.getByLabelText('Search by Team Name'), 'zzz');
    expect(await screen.findByText('No teams found matching "zzz"')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Clear Filter' }));
    expect(await screen.findByText('Baylor')).toBeInTheDocument();
    expect(screen.queryByText(/team\(s\) found/)).not.toBeInTheDocument();
  });

  it('says "No teams available." when there are none', async () => {
    stubAdminApi({ 'GET /api/teams': [], 'GET /api/conferences': [] });
    renderAdmin('/admin/teams');
    expect(await screen.findByText('No teams available.')).toBeInTheDocument();
  });

  it('keeps Add disabled until a conference is chosen', async () => {
    stubAdminApi({ 'GET /api/teams': TEAMS, 'GET /api/conferences': [{ id: 1, name: 'Big Test' }] });
    renderAdmin('/admin/teams/create');
    const dialog = await screen.findByRole('dialog', { name: 'Add Team' });
    typeInto(within(dialog).getByLabelText(/^Name/), 'Clemson');
    typeInto(within(dialog).getByLabelText(/^City/), 'Clemson');
    typeInto(within(dialog).getByLabelText(/^State/), 'SC');
    typeInto(within(dialog).getByLabelText(/^Website URL/), 'https://clemson.edu');
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
    await chooseOption(await within(dialog).findByRole('combobox', { name: /Conference/ }), 'Big Test');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add' })).toBeEnabled());
  });

  it('shows "Failed to load teams" when the list cannot load', async () => {
    stubAdminApi({ 'GET /api/teams': () => ({ status: 500, body: { errors: ['Internal server error'] } }), 'GET /api/conferences': [] });
    renderAdmin('/admin/teams');
    expect(await screen.findByText('Failed to load teams')).toBeInTheDocument();
  });
});
