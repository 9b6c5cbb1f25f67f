import type { Game } from '../../api/types';
import { game } from '../test/adminTestUtils';
import { emailLine, feesLine, gamesLine, picksLine } from './thisWeekLines';

const games = (n: number, fields: Record<string, unknown> = {}) => Array.from({ length: n }, (_, i) => game(i + 1, { is_tiebreaker: i === n - 1, ...fields }) as unknown as Game);
const send = (fields: Record<string, unknown>) => ({ round: 0, sent_at: '2026-09-03T18:00:00.000Z', recipient_count: 0, delivered_count: 0, refused_count: 0, queued_count: 0, ...fields });

describe("the week's checklist lines", () => {
  it('counts games against the season rule; "every game of the week" takes any number with a tiebreaker', () => {
    expect(gamesLine(games(12), 12)).toEqual({ state: 'done', text: '12 of 12 games set, tiebreaker Away 12 @ Home 12.' });
    expect(gamesLine(games(7), null)).toEqual({ state: 'done', text: '7 games set, tiebreaker Away 7 @ Home 7.' });
    expect(gamesLine(games(11), 10).state).toBe('attention');
    // A cancelled game does not count.
    expect(gamesLine([...games(10), game(11, { status: 'cancelled' }) as unknown as Game], 10).state).toBe('done');
    expect(gamesLine([], null)).toEqual({ state: 'todo', text: 'No games set yet, one of them the tiebreaker.' });
  });

  it('adds up the sends of the weekly e-mail: members reached, the e-mails still on the way', () => {
    const status = { week_id: 3, last_sent_at: '2026-09-04T09:00:00.000Z', sends: [send({ sent_at: '2026-09-04T09:00:00.000Z', recipient_count: 2, delivered_count: 1, queued_count: 1 }), send({ recipient_count: 20, delivered_count: 20 })] };
    expect(emailLine(status)).toEqual({ state: 'done', text: expect.stringMatching(/^Sent .+ to 22 members \(2 sends\); 21 delivered, 1 still on the way\.$/) });
  });

  it('counts picks only while a game is open; after the deadlines the line is done', () => {
    expect(picksLine([], 6, games(10, { deadline_status: 'closed' }))).toEqual({ state: 'done', text: 'Picks are closed for every game of the week.' });
    expect(picksLine([], 6, games(10))).toEqual({ state: 'done', text: 'All 6 members have picked every open game.' });
  });

  it('hides the fees line when the season charges no fee', () => {
    const pot = { season_id: 1, entry_fee_cents: 0, member_count: 6, paid_count: 0, pot_cents: 0 };
    expect(feesLine(pot)).toBeNull();
    expect(feesLine({ ...pot, entry_fee_cents: 2500, paid_count: 6, pot_cents: 15000 })).toEqual({ state: 'done', text: '6 of 6 members paid; pot $150.' });
  });
});
