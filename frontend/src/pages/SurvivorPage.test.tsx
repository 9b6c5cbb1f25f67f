import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OFFLINE_WRITE_MESSAGE } from '../api/client';
import type { SurvivorSummary } from '../api/member';
import { reachability } from '../api/reachability';
import type { SurvivorBoard, SurvivorOption, SurvivorPick } from '../api/survivor';
import { savedPick, SURVIVOR_BOARD, SURVIVOR_CONTEST, survivorSummary, WEEK_OPTIONS } from '../components/survivor/survivorFixtures';
import { session } from '../session/session';
import { MEMBER, outsideActEnvironment, renderAt, signIn, stubApi } from '../test/helpers';
import SurvivorPage from './SurvivorPage';

/** The survivor routes as the server keeps them: the pick saved by PUT (or refused with `refuse`). */
function survivorServer(options: { summary?: SurvivorSummary; options?: SurvivorOption[]; pick?: SurvivorPick | null; refuse?: string; board?: SurvivorBoard } = {}) {
  const state = { pick: options.pick ?? null, entered: options.summary?.me?.entered ?? true };
  const weekOptions = options.options ?? WEEK_OPTIONS;
  const stub = stubApi({
    'GET /api/survivor': () => ({ status: 200, body: { ...(options.summary ?? survivorSummary()), pick: state.pick } }),
    'GET /api/weeks/2/survivor_pick': () => ({ status: 200, body: { pick: state.pick, options: weekOptions } }),
    'PUT /api/weeks/2/survivor_pick': (body: unknown) => {
      if (options.refuse) return { status: 422, body: { errors: [options.refuse] } };
      const option = weekOptions.find((candidate) => candidate.team_id === (body as { team_id: number }).team_id)!;
      state.pick = savedPick(option);
      return { status: 200, body: state.pick };
    },
    'POST /api/survivor/5/entry': () => ({ status: 201, body: { entered: true } }),
    'GET /api/survivor/5/board': options.board ?? SURVIVOR_BOARD,
  });
  return { ...stub, state };
}

const team = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}\\b`) });

describe('the survivor page', () => {
  outsideActEnvironment();
  beforeEach(() => signIn(MEMBER));
  afterEach(() => {
    vi.unstubAllGlobals();
    reachability.reset();
    session.clear();
  });

  it('shows the contest, its rules and the member status, and the week’s teams by game with used and locked ones disabled', async () => {
    survivorServer();
    renderAt(<SurvivorPage />, '/survivor');
    expect(await screen.findByRole('heading', { level: 1, name: 'Last Fan Standing' })).toBeInTheDocument();
    expect(screen.getByText('Alive · 2 lives')).toBeInTheDocument();
    expect(screen.getByText('You have 2 lives.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Week 2 pick' })).toBeInTheDocument();
    const game = await screen.findByRole('group', { name: 'Away 1 at Home 1' });
    // Away first, its opponent and line in words.
    const [away, home] = within(game).getAllByRole('button');
    expect(away).toHaveTextContent('Away 1 at Home 1 · +3.5 Used week 1');
    expect(away).toBeDisabled();
    expect(home).toHaveTextContent('Home 1 vs Away 1 · -3.5');
    expect(home).toBeEnabled();
    // A locked game's teams can't be picked either.
    for (const locked of within(screen.getByRole('group', { name: 'Away 2 at Home 2' })).getAllByRole('button')) {
      expect(locked).toBeDisabled();
      expect(locked).toHaveTextContent('Locked');
    }
    expect(screen.getByRole('button', { name: 'Save pick' })).toBeDisabled();
  });

  it('saves a pick with one tap on a team and one on Save, and says saved only after the server answered', async () => {
    const { calls, state } = survivorServer();
    renderAt(<SurvivorPage />, '/survivor');
    fireEvent.click(await screen.findByRole('button', { name: /^Home 3\b/ }));
    expect(team('Home 3')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText('Saved: Home 3')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save pick' }));
    expect(await screen.findByText('Saved: Home 3')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ team_id: 31 }]);
    expect(state.pick?.team_id).toBe(31);
    expect(await screen.findByText('Your pick: Home 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save pick' })).toBeDisabled();
  });

  it('shows the server’s refusal and never says saved', async () => {
    survivorServer({ refuse: 'You used Home 3 in week 1' });
    renderAt(<SurvivorPage />, '/survivor');
    fireEvent.click(await screen.findByRole('button', { name: /^Home 3\b/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save pick' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your pick was not saved: You used Home 3 in week 1');
    expect(screen.queryByText(/^Saved/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Your pick:/)).not.toBeInTheDocument();
  });

  it('offline, refuses the save without sending it and never shows it saved', async () => {
    const { calls } = survivorServer();
    renderAt(<SurvivorPage />, '/survivor');
    fireEvent.click(await screen.findByRole('button', { name: /^Home 3\b/ }));
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    fireEvent.click(screen.getByRole('button', { name: 'Save pick' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(OFFLINE_WRITE_MESSAGE);
    expect(screen.queryByText(/^Saved/)).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('keeps a pick whose game has locked: every team disabled, no Save', async () => {
    survivorServer({ pick: savedPick(WEEK_OPTIONS[3]) });
    renderAt(<SurvivorPage />, '/survivor');
    expect(await screen.findByText('Your pick: Home 2')).toBeInTheDocument();
    expect(screen.getByText('Your pick is locked.')).toBeInTheDocument();
    expect(team('Home 3')).toBeDisabled();
    expect(team('Home 2')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: 'Save pick' })).not.toBeInTheDocument();
  });

  it('shows the board: alive count, entrants with lives, teams used and this week, and the share on each team', async () => {
    survivorServer();
    renderAt(<SurvivorPage />, '/survivor');
    const board = await screen.findByRole('region', { name: 'Board' });
    expect(await within(board).findByText('2 of 3 alive')).toBeInTheDocument();
    const rows = within(board).getAllByRole('listitem').filter((item) => item.classList.contains('survivor-entrant'));
    expect(rows.map((row) => row.textContent)).toEqual([
      '1stFan (you)2 lives · Week 2: Not yetW1 Away 1 (won)',
      '2ndAna1 life · Week 2: Home 2W1 Home 9 (lost)',
      '3rdBenOut · Week 2: PickedW1 Away 8 (missed)',
    ]);
    const shares = within(board).getByRole('region', { name: 'Week 2 picks by team' });
    expect(within(shares).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Home 23 · 75%', 'Away 21 · 25%']);
  });

  it('shows the pot of a contest with a fee, and who won what once it is over', async () => {
    const pot = { entry_fee_cents: 1000, entrant_count: 3, paid_count: 2, pot_cents: 2000, payouts: [{ place: 1, percent: 70, amount_cents: 1400 }, { place: 2, percent: 30, amount_cents: 600 }], winnings: [{ name: 'Fan', amount_cents: 1400 }] };
    survivorServer({ board: { ...SURVIVOR_BOARD, finished: true, winners: ['Fan'], pot } });
    renderAt(<SurvivorPage />, '/survivor');
    const section = await screen.findByRole('region', { name: 'Pot' });
    expect(within(section).getByText('$20: 2 of 3 paid the $10 entry · 1st $14 · 2nd $6')).toBeInTheDocument();
    expect(within(section).getByText('Fan $14')).toBeInTheDocument();
  });

  it('offers "Enter survivor" while entry is open and enters the member', async () => {
    const summary = survivorSummary({ contest: { ...SURVIVOR_CONTEST, entry_open: true, entry_closes_at: '2026-09-05T15:00:00.000Z' }, me: { entered: false, alive: false, lives_left: 0, weeks_survived: 0, rank: null } });
    const { calls } = survivorServer({ summary });
    renderAt(<SurvivorPage />, '/survivor');
    expect(await screen.findByText("You haven't entered this survivor contest.")).toBeInTheDocument();
    // Not entered: no picking.
    expect(screen.queryByRole('heading', { name: 'Week 2 pick' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Enter survivor' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/api/survivor/5/entry')).toBe(true));
  });

  it('says when the season has no survivor contest', async () => {
    stubApi({ 'GET /api/survivor': { contest: null } });
    renderAt(<SurvivorPage />, '/survivor');
    expect(await screen.findByText('This season has no survivor contest.')).toBeInTheDocument();
  });
});
