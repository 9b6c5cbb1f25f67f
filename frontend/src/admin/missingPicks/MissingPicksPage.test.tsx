import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../session/session';
import { CURRENT_ROUTES, renderAdmin, stubAdminApi } from '../test/adminTestUtils';
import { missingSummary, nudgedText, remindAllQuestion } from './MissingPicksPage';

const game = (id: number) => ({ game_id: id, away_team: `Away ${id}`, home_team: `Home ${id}`, pick_deadline: '2026-09-05T18:30:00.000Z' });
const ROWS = [
  { user: { id: 7, name: 'Pat Fan', email: 'pat@pool.test' }, missing: [game(1), game(2)], missing_tiebreaker: true, open_games: 10 },
  { user: { id: 8, name: 'Kim Lee', email: 'kim@pool.test' }, missing: [], missing_tiebreaker: true, open_games: 10 },
];

describe("Who hasn't picked", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('sums up each member as picked of open games, and the tiebreaker', () => {
    expect(missingSummary({ missing: [game(1)], missing_tiebreaker: false, open_games: 10 })).toBe('9/10 picked');
    expect(missingSummary({ missing: [], missing_tiebreaker: true, open_games: 10 })).toBe('10/10 picked, tiebreaker missing');
    expect(remindAllQuestion(1)).toContain('the 1 member listed');
    expect(remindAllQuestion(12)).toContain('the 12 members listed');
  });

  it.each([
    [{ sent_count: 1, failed_count: 0, skipped_count: 0, queued_count: 0 }, 'Reminder sent to Pat Fan'],
    [{ sent_count: 0, failed_count: 1, skipped_count: 0, queued_count: 0 }, 'The mail server refused the reminder to Pat Fan'],
    [{ sent_count: 0, failed_count: 0, skipped_count: 0, queued_count: 1 }, 'Reminder to Pat Fan queued (still trying)'],
    [{ sent_count: 0, failed_count: 0, skipped_count: 0, queued_count: 0 }, 'Nothing sent: Pat Fan has nothing left to pick'],
  ])('tells a nudge answered %j as "%s"', (result, text) => {
    expect(nudgedText('Pat Fan', result).text).toBe(text);
  });

  it('lists one row per member with a nudge each, and reminds everyone only after a confirmation naming how many', async () => {
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/weeks/3/missing_picks': ROWS,
      'POST /api/weeks/3/missing_picks/7/remind': { sent_count: 1, failed_count: 0 },
      'POST /api/weeks/3/missing_picks/remind': { sent_count: 2, failed_count: 0, skipped_count: 0, queued_count: 1 },
    });
    renderAdmin('/admin/missing-picks');
    const table = await screen.findByRole('table', { name: 'Members with missing picks' });
    const pat = within(table).getByRole('row', { name: /Pat Fan/ });
    expect(within(pat).getByText('8/10 picked, tiebreaker missing')).toBeInTheDocument();
    expect(within(pat).getByText('Missing: Away 1 @ Home 1; Away 2 @ Home 2')).toBeInTheDocument();
    expect(within(table).getByText('10/10 picked, tiebreaker missing')).toBeInTheDocument();

    fireEvent.click(within(pat).getByRole('button', { name: 'Remind Pat Fan' }));
    expect(await screen.findByText('Reminder sent to Pat Fan')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual(['/api/weeks/3/missing_picks/7/remind']);

    fireEvent.click(screen.getByRole('button', { name: 'Send Reminder Now' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(remindAllQuestion(2));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Send Reminder Now' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Reminders sent! Sent: 2, Failed: 0, Queued: 1 (still trying)')).toBeInTheDocument();
  });
});
