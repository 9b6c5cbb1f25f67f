import { screen, within } from '@testing-library/react';
import type { PickGrid } from '../../api/types';
import { session } from '../../session/session';
import { MEMBER, outsideActEnvironment, renderAt, signIn, stubApi } from '../../test/helpers';
import PickGridDialog from './PickGridDialog';

const team = (id: number, name: string) => ({ id, name, nickname: null });
const game = (id: number, away: string, home: string, fields: Partial<PickGrid['games'][number]> = {}) => ({
  id,
  away_team: team(id * 10 + 1, away),
  home_team: team(id * 10 + 2, home),
  game_date: '2025-09-06T16:00:00Z',
  is_tiebreaker: false,
  locked: true,
  winner_team_id: null,
  status: 'scheduled',
  ...fields,
});

/** Ten games as on a real Saturday, members in the order the server ranks them. */
const GRID: PickGrid = {
  week: { id: 2, number: 2 },
  games: [
    game(1, 'Rutgers', 'Ohio State', { winner_team_id: 11, status: 'completed' }),
    game(2, 'Michigan State', 'Mississippi State', { winner_team_id: 22, status: 'completed', is_tiebreaker: true }),
    game(3, 'Texas A&M', 'SMU'),
    ...[4, 5, 6, 7, 8, 9, 10].map((id) => game(id, `Away ${id}`, `Home ${id}`, { locked: id < 9 })),
  ],
  members: [
    {
      user: { id: 3, name: 'Leader Lee' },
      picks_made: 3,
      wins: 2,
      losses: 0,
      points: 2,
      tiebreaker_score: 4,
      rank: 1,
      picks: [
        { game_id: 1, status: 'shown', selected_winner: 'Rutgers', result: 'correct' },
        { game_id: 2, status: 'shown', selected_winner: 'Mississippi State', result: 'correct', tiebreaker_away_score: 20, tiebreaker_home_score: 24 },
        { game_id: 3, status: 'shown', selected_winner: 'SMU', result: 'pending' },
        { game_id: 9, status: 'hidden' },
      ],
    },
    {
      user: { id: MEMBER.id, name: 'Fan' },
      picks_made: 2,
      wins: 0,
      losses: 2,
      points: 0,
      tiebreaker_score: null,
      rank: 2,
      picks: [
        { game_id: 1, status: 'shown', selected_winner: 'Ohio State', result: 'incorrect' },
        { game_id: 2, status: 'shown', selected_winner: 'Michigan State', result: 'incorrect', tiebreaker_away_score: null, tiebreaker_home_score: null },
      ],
    },
  ],
};

describe("everyone's picks", () => {
  outsideActEnvironment();
  beforeEach(() => {
    localStorage.clear();
    signIn(MEMBER);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  const open = async () => {
    stubApi({ 'GET /api/weeks/2/pick_grid': GRID });
    renderAt(<PickGridDialog weekId={2} weekName="Week 2" open onClose={() => {}} highlightUserId={MEMBER.id} />);
    return screen.findByRole('table', { name: "Everyone's picks, Week 2" });
  };

  it('lists members in the standing order the server gives, with their wins and tiebreaker guess', async () => {
    const table = await open();
    const rows = within(table).getAllByTestId('pick-grid-row');
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['1.Leader Lee, 1st', '2.Fan, 2nd']);
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.slice(0, 3)).toEqual(['Member', 'W', 'TB']);
    const [lee, fan] = rows.map((row) => within(row).getAllByRole('cell'));
    expect(lee[0]).toHaveTextContent('2');
    expect(lee[1]).toHaveTextContent('20–24');
    expect(lee[1]).toHaveTextContent('off 4');
    expect(fan[1]).toHaveTextContent('—');
    // The member's own row is marked.
    expect(rows[1]).toHaveClass('Mui-selected');
  });

  it('colours cells correct, incorrect and pending, and says so in words and icons too', async () => {
    const table = await open();
    const [lee, fan] = within(table).getAllByTestId('pick-grid-row').map((row) => within(row).getAllByRole('cell').slice(2));
    expect(lee.slice(0, 4).map((cell) => cell.getAttribute('data-result'))).toEqual(['correct', 'correct', 'pending', 'none']);
    expect(lee[0]).toHaveTextContent('Rutgers, correct');
    expect(fan[0]).toHaveTextContent('Ohio State, incorrect');
    expect(within(fan[0]).getByTestId('CancelIcon')).toBeInTheDocument();
    expect(within(lee[0]).getByTestId('CheckCircleIcon')).toBeInTheDocument();
    expect(lee[8]).toHaveAttribute('data-result', 'hidden');
    expect(lee[8]).toHaveTextContent('Picked, hidden until the game locks');
    expect(getComputedStyle(lee[0]).backgroundColor).not.toBe(getComputedStyle(fan[0]).backgroundColor);
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent(/Correct.*Incorrect.*Pending/);
  });

  it('labels games with short, distinct team names and keeps the full names in tooltips', async () => {
    const table = await open();
    const headers = within(table).getAllByRole('columnheader').slice(3);
    expect(headers).toHaveLength(10);
    expect(headers[0]).toHaveTextContent('RUTG@OS');
    expect(within(headers[0]).getByTitle('Rutgers @ Ohio State')).toBeInTheDocument();
    expect(headers[1]).toHaveTextContent('MICHIS@MISSIS');
    expect(headers[1]).toHaveTextContent('TB');
    expect(headers[9]).toHaveTextContent('open');
  });

  it('keeps the name column in view and scrolls the table inside its own box', async () => {
    const table = await open();
    const name = within(table).getAllByRole('rowheader')[0];
    expect(getComputedStyle(name).position).toBe('sticky');
    expect(getComputedStyle(name).left).toBe('0px');
    const scroller = screen.getByRole('region', { name: /scrolls sideways/ });
    expect(getComputedStyle(scroller).overflow).toBe('auto');
    expect(scroller).toHaveAttribute('tabindex', '0');
  });
});
