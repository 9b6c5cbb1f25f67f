import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_SEASON_RULES } from '../../api/seasonRules';
import { session } from '../../session/session';
import { game, renderAdmin, SEASON, stubAdminApi, WEEK } from '../test/adminTestUtils';

const HOUR = 3_600_000;
const past = new Date(Date.now() - 2 * HOUR).toISOString();
const future = new Date(Date.now() + 48 * HOUR).toISOString();
const season = { ...SEASON, rules: { ...DEFAULT_SEASON_RULES } };

/** Ten games, the last the tiebreaker; game 1 kicked off two hours ago and is not final. */
const tenGames = () =>
  Array.from({ length: 10 }, (_, i) =>
    game(i + 1, { is_tiebreaker: i === 9, game_date: i === 0 ? past : future, deadline_status: i === 0 ? 'closed' : 'open', status: i === 0 ? 'in_progress' : 'scheduled' }),
  );
const missing = (id: number) => ({ user: { id, name: `Member ${id}`, email: `m${id}@pool.test` }, missing: [], missing_tiebreaker: true, open_games: 9 });

function routes(overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/football_seasons/current': season,
    'GET /api/weeks/current': WEEK,
    'GET /api/football_seasons': [season],
    'GET /api/weeks': [WEEK],
    'GET /api/games': tenGames(),
    'GET /api/weekly_notifications/status': { week_id: 3, sends: [], last_sent_at: null },
    'GET /api/weeks/3/missing_picks': [missing(21), missing(22)],
    'GET /api/users': ({ filter }: { filter: Record<string, unknown> }) => ({ body: [{ id: 1 }], total: filter.role === 'user' ? 20 : 1 }),
    'GET /api/imports': [],
    'GET /api/weekly_results/status': { week_id: 3, calculated_at: null, automatic: false, calculated_by: null, results_count: 0 },
    'GET /api/seasons/1/pot': { season_id: 1, entry_fee_cents: 2000, weekly_winner_cents: 0, member_count: 20, paid_count: 5, pot_cents: 10000, payouts: [], me: {}, winnings: [] },
    ...overrides,
  };
}

const line = (name: string) => screen.findByRole('listitem', { name });
async function expectLine(name: string, state: string, text: string | RegExp) {
  const item = await line(name);
  await waitFor(() => expect(within(item).getByText(state)).toBeInTheDocument());
  expect(within(item).getByText(text)).toBeInTheDocument();
  return item;
}

describe('This week (the console home)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('shows each line with its state in words, one sentence and one action; a line whose load fails says so', async () => {
    stubAdminApi(routes({ 'GET /api/weekly_results/status': () => ({ status: 500, body: { errors: ['Internal server error'] } }) }));
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'This week' })).toBeInTheDocument();

    const games = await expectLine('Games set', 'Done', '10 of 10 games set, tiebreaker Away 10 @ Home 10.');
    expect(within(games).getByRole('link', { name: 'View games' }).getAttribute('href')).toContain('/admin/games?filter=');
    const email = await expectLine('Weekly e-mail', 'To do', 'Not sent yet.');
    expect(within(email).getByRole('link', { name: 'Send e-mail' })).toHaveAttribute('href', '/admin/notifications');
    const picks = await expectLine('Picks in', 'To do', '18 of 20 members have picked; 2 still have games to pick.');
    expect(within(picks).getByRole('button', { name: 'Remind' })).toBeEnabled();
    const scoring = await expectLine('Games to score', 'To do', '1 game kicked off and not final. The score sync has not run for this week.');
    expect(within(scoring).getByRole('link', { name: 'Score games' })).toBeInTheDocument();
    const results = await expectLine('Results', 'Needs attention', 'Could not load this line.');
    expect(within(results).getByRole('link', { name: 'Weekly Results' })).toHaveAttribute('href', '/admin/weekly-results');
    const fees = await expectLine('Entry fees', 'To do', /^5 of 20 members paid; pot \$100/);
    expect(within(fees).getByRole('link', { name: 'Who paid' })).toBeInTheDocument();
  });

  it('marks what needs attention (games short of the rule, e-mails refused, a flagged score) and hides the fees without a fee', async () => {
    const games: Record<string, unknown>[] = tenGames().slice(0, 8);
    games[0] = { ...games[0], sync_flag: 'The provider has no final score' };
    stubAdminApi(
      routes({
        'GET /api/games': games,
        'GET /api/weekly_notifications/status': {
          week_id: 3,
          sends: [{ round: 1, sent_at: '2026-09-03T18:00:00.000Z', recipient_count: 20, delivered_count: 18, refused_count: 2, queued_count: 0 }],
          last_sent_at: '2026-09-03T18:00:00.000Z',
        },
        'GET /api/weekly_results/status': { week_id: 3, calculated_at: '2026-09-07T22:00:00.000Z', automatic: false, calculated_by: { id: 1, name: 'Alex Admin' }, results_count: 20 },
        'GET /api/seasons/1/pot': { season_id: 1, entry_fee_cents: 0, weekly_winner_cents: 0, member_count: 20, paid_count: 0, pot_cents: 0, payouts: [], me: {}, winnings: [] },
      }),
    );
    renderAdmin('/admin');
    await expectLine('Games set', 'Needs attention', '8 of 10 games set, no tiebreaker yet.');
    await expectLine('Weekly e-mail', 'Needs attention', /^Sent .+ to 20 members; the mail server refused 2\.$/);
    await expectLine('Games to score', 'Needs attention', /^1 game flagged to check \(Away 1 @ Home 1\)/);
    await expectLine('Results', 'Done', /^Calculated by Alex Admin at .+ \(20 member results\)\.$/);
    await waitFor(() => expect(screen.getAllByRole('listitem', { name: /./ }).map((item) => item.getAttribute('aria-label'))).toEqual(['Games set', 'Weekly e-mail', 'Picks in', 'Games to score', 'Results']));
  });

  it('shows a week with nothing done as to-dos: import games, and the e-mail sent to everyone is done', async () => {
    stubAdminApi(
      routes({
        'GET /api/games': [],
        'GET /api/weeks/3/missing_picks': [],
        'GET /api/weekly_notifications/status': {
          week_id: 3,
          sends: [{ round: 1, sent_at: '2026-09-03T18:00:00.000Z', recipient_count: 20, delivered_count: 20, refused_count: 0, queued_count: 0 }],
          last_sent_at: '2026-09-03T18:00:00.000Z',
        },
      }),
    );
    renderAdmin('/admin');
    const games = await expectLine('Games set', 'To do', 'No games set yet: the week needs 10, one of them the tiebreaker.');
    expect(within(games).getByRole('link', { name: 'Import games' })).toHaveAttribute('href', '/admin/import?season_id=1&week_id=3');
    await expectLine('Weekly e-mail', 'Done', /to 20 members; all delivered\.$/);
    await expectLine('Picks in', 'To do', 'No games to pick yet.');
  });

  it('reminds the members who have not picked, after asking, and says what was sent', async () => {
    const { calls } = stubAdminApi(routes({ 'POST /api/weeks/3/missing_picks/remind': { sent_count: 2, failed_count: 0, queued_count: 0 } }));
    renderAdmin('/admin');
    const picks = await line('Picks in');
    fireEvent.click(await within(picks).findByRole('button', { name: 'Remind' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await within(picks).findByText('Reminders sent! Sent: 2, Failed: 0')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual(['/api/weeks/3/missing_picks/remind']);
  });
});
