import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../session/session';
import { asPhone, CURRENT_ROUTES, game, renderAdmin, stubAdminApi, typeInto } from '../test/adminTestUtils';
import { dateTimeText, formatDateTime, formatWeekdayTime } from '../../format';
import { kickoffReason, rowChange } from './QuickScoring';

const GAMES = [game(1), game(2), game(3, { home_score: 10, away_score: 7, status: 'completed' })];
const REFUSAL = 'The score is tied (Home 2 21, Away 2 21) and a completed game cannot end tied.';

describe('Quick scoring', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('saves both scores of a changed row, asks for both, and leaves an unchanged row alone', () => {
    const unscored = { home_score: null, away_score: null };
    expect(rowChange(unscored, { away: '45', home: '42' })).toEqual({ away_score: 45, home_score: 42 });
    expect(rowChange(unscored, { away: '', home: '' })).toBeNull();
    expect(rowChange(unscored, { away: '45', home: '' })).toEqual({ error: 'Enter both scores' });
    expect(rowChange(unscored, { away: '4.5', home: '3' })).toEqual({ error: 'Scores are whole numbers from 0' });
    expect(rowChange({ home_score: 10, away_score: 7 }, { away: '7', home: '10' })).toBeNull();
    expect(rowChange({ home_score: 10, away_score: 7 }, { away: '7', home: '6' })).toEqual({ away_score: 7, home_score: 6 });
  });

  it('says when a game kicks off: the weekday within the coming days, the date further off', () => {
    const now = Date.parse('2026-09-01T12:00:00.000Z');
    expect(kickoffReason('2026-09-05T23:30:00.000Z', now)).toBe(`Kicks off ${formatWeekdayTime('2026-09-05T23:30:00.000Z')}`);
    expect(kickoffReason('2026-09-12T23:30:00.000Z', now)).toBe(`Kicks off ${formatDateTime('2026-09-12T23:30:00.000Z')}`);
  });

  it('shows each game\'s kickoff and state, and keeps a game not kicked off closed until "Score anyway" is confirmed', async () => {
    const future = game(4, { game_date: '2099-09-05T19:30:00.000Z', pick_deadline: '2099-09-05T18:30:00.000Z' });
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/games': [GAMES[2], future, GAMES[0]],
      'PUT /api/games/4': ({ body }: { body: object }) => ({ body: { ...future, ...body, status: 'completed' } }),
    });
    renderAdmin('/admin/games');
    await screen.findByText('Away 4 @ Home 4');
    fireEvent.click(screen.getByRole('button', { name: 'Score games' }));
    const section = await screen.findByRole('region', { name: 'Score games' });
    const [finished, ahead, unscored] = within(section).getAllByTestId('score-row');

    expect(within(finished).getByText(`Kickoff ${dateTimeText(GAMES[2].game_date)} · Completed`)).toBeInTheDocument();
    expect(within(ahead).getByText(`Kickoff ${dateTimeText(future.game_date)} · Scheduled`)).toBeInTheDocument();
    // Disabled, and saying why: the reason is the fields' description too.
    const reason = `Kicks off ${formatDateTime(future.game_date)}`;
    expect(within(ahead).getByText(reason)).toBeInTheDocument();
    const away4 = within(ahead).getByLabelText('Away 4 score (away), Away 4 @ Home 4');
    expect(away4).toBeDisabled();
    expect(away4).toHaveAccessibleDescription(reason);
    expect(within(ahead).getByLabelText('Home 4 score (home), Away 4 @ Home 4')).toBeDisabled();
    // The first unscored game that has kicked off takes the focus, and Enter passes the closed row by.
    const away1 = within(unscored).getByLabelText('Away 1 score (away), Away 1 @ Home 1');
    await waitFor(() => expect(away1).toHaveFocus());
    const home3 = within(finished).getByLabelText('Home 3 score (home), Away 3 @ Home 3');
    fireEvent.keyDown(home3, { key: 'Enter' });
    expect(away1).toHaveFocus();

    // "Score anyway" asks first; closing the question leaves the row closed.
    fireEvent.click(within(ahead).getByRole('button', { name: 'Score anyway: Away 4 @ Home 4' }));
    const question = await screen.findByRole('dialog');
    expect(within(question).getByText(/Away 4 @ Home 4 kicks off .* A final closes its picks at once/)).toBeInTheDocument();
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(away4).toBeDisabled();

    fireEvent.click(within(ahead).getByRole('button', { name: 'Score anyway: Away 4 @ Home 4' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Score anyway' }));
    await waitFor(() => expect(away4).toBeEnabled());
    await waitFor(() => expect(away4).toHaveFocus());
    expect(within(ahead).queryByText(reason)).not.toBeInTheDocument();
    expect(within(ahead).getByText('Scoring before kickoff')).toBeInTheDocument();
    typeInto(away4, '3');
    fireEvent.keyDown(away4, { key: 'Enter' });
    typeInto(within(ahead).getByLabelText('Home 4 score (home), Away 4 @ Home 4'), '0');
    fireEvent.keyDown(within(ahead).getByLabelText('Home 4 score (home), Away 4 @ Home 4'), { key: 'Enter' });
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT' && call.url.pathname === '/api/games/4')?.body).toEqual({ away_score: 3, home_score: 0 }));
  });

  it('goes away score, Enter, home score, Enter through the week, saving each row and showing its winner or refusal', async () => {
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/games': GAMES,
      'PUT /api/games/1': ({ body }: { body: object }) => ({ body: { ...GAMES[0], ...body, status: 'completed' } }),
      'PUT /api/games/2': () => ({ status: 422, body: { errors: [REFUSAL] } }),
    });
    renderAdmin('/admin/games');
    await screen.findByText('Away 1 @ Home 1');
    fireEvent.click(screen.getByRole('button', { name: 'Score games' }));
    const section = await screen.findByRole('region', { name: 'Score games' });

    // The first unscored game's away score has the focus: typing starts at once.
    const away1 = within(section).getByLabelText('Away 1 score (away), Away 1 @ Home 1');
    await waitFor(() => expect(away1).toHaveFocus());
    typeInto(away1, '45');
    fireEvent.keyDown(away1, { key: 'Enter' });
    const home1 = within(section).getByLabelText('Home 1 score (home), Away 1 @ Home 1');
    expect(home1).toHaveFocus();
    typeInto(home1, '42');
    expect(within(section).getByText('Winner: Away 1 (45-42)')).toBeInTheDocument();
    fireEvent.keyDown(home1, { key: 'Enter' });
    const away2 = within(section).getByLabelText('Away 2 score (away), Away 2 @ Home 2');
    expect(away2).toHaveFocus();
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT' && call.url.pathname === '/api/games/1')?.body).toEqual({ away_score: 45, home_score: 42 }));
    const rows = within(section).getAllByTestId('score-row');
    expect(await within(rows[0]).findByText('Saved')).toBeInTheDocument();

    typeInto(away2, '21');
    fireEvent.keyDown(away2, { key: 'Enter' });
    typeInto(within(section).getByLabelText('Home 2 score (home), Away 2 @ Home 2'), '21');
    expect(within(rows[1]).getByText(/^Tied 21-21/)).toBeInTheDocument();
    fireEvent.keyDown(within(section).getByLabelText('Home 2 score (home), Away 2 @ Home 2'), { key: 'Enter' });
    expect(await within(rows[1]).findByText(REFUSAL)).toBeInTheDocument();
    expect(within(section).getByLabelText('Away 3 score (away), Away 3 @ Home 3')).toHaveFocus();

    // An unchanged row is not sent; one score alone is not sent either.
    fireEvent.keyDown(within(section).getByLabelText('Home 3 score (home), Away 3 @ Home 3'), { key: 'Enter' });
    typeInto(within(section).getByLabelText('Home 3 score (home), Away 3 @ Home 3'), '');
    fireEvent.keyDown(within(section).getByLabelText('Home 3 score (home), Away 3 @ Home 3'), { key: 'Enter' });
    expect(await within(rows[2]).findByText('Enter both scores')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2);

    fireEvent.click(within(section).getByRole('button', { name: 'Done scoring' }));
    expect(await screen.findByRole('columnheader', { name: 'Matchup' })).toBeInTheDocument();
  });
  it('saves a row when the focus leaves it with both scores, not when it moves between its two scores', async () => {
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/games': GAMES,
      'PUT /api/games/1': ({ body }: { body: object }) => ({ body: { ...GAMES[0], ...body, status: 'completed' } }),
    });
    renderAdmin('/admin/games');
    await screen.findByText('Away 1 @ Home 1');
    fireEvent.click(screen.getByRole('button', { name: 'Score games' }));
    const section = await screen.findByRole('region', { name: 'Score games' });
    const [row1, row2] = within(section).getAllByTestId('score-row');
    const away1 = within(row1).getByLabelText('Away 1 score (away), Away 1 @ Home 1');
    const home1 = within(row1).getByLabelText('Home 1 score (home), Away 1 @ Home 1');
    const away2 = within(row2).getByLabelText('Away 2 score (away), Away 2 @ Home 2');
    await waitFor(() => expect(away1).toHaveFocus());

    // A tap on the row's home score (the phone's "next field" arrow does the same) is no reason to save.
    typeInto(away1, '24');
    act(() => home1.focus());
    expect(within(row1).queryByText('Enter both scores')).not.toBeInTheDocument();
    typeInto(home1, '17');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    // Leaving the row for the next one saves it, and the row says so.
    act(() => away2.focus());
    expect(within(row1).getByText('Saving…')).toBeInTheDocument();
    expect(await within(row1).findByText('Saved')).toBeInTheDocument();
    expect(within(row1).getByText(`Kickoff ${dateTimeText(GAMES[0].game_date)} · Completed`)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ away_score: 24, home_score: 17 }]);

    // One score alone is not sent when the focus leaves: the row asks for the other.
    typeInto(away2, '3');
    act(() => away2.blur());
    expect(await within(row2).findByText('Enter both scores')).toBeInTheDocument();
    // A saved row left again unchanged is not sent again.
    act(() => home1.focus());
    act(() => home1.blur());
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('moves on with the keypad\'s Next: away score, home score, the next open row; Done on the last score', async () => {
    const late = game(5, { game_date: '2099-09-05T19:30:00.000Z', pick_deadline: '2099-09-05T18:30:00.000Z' });
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/games': [GAMES[0], GAMES[1], late],
      'PUT /api/games/1': ({ body }: { body: object }) => ({ body: { ...GAMES[0], ...body, status: 'completed' } }),
      'PUT /api/games/2': ({ body }: { body: object }) => ({ body: { ...GAMES[1], ...body, status: 'completed' } }),
    });
    renderAdmin('/admin/games');
    await screen.findByText('Away 1 @ Home 1');
    fireEvent.click(screen.getByRole('button', { name: 'Score games' }));
    const section = await screen.findByRole('region', { name: 'Score games' });
    const box = (label: string) => within(section).getByLabelText(label);
    const [away1, home1, away2, home2] = ['Away 1 score (away), Away 1 @ Home 1', 'Home 1 score (home), Away 1 @ Home 1', 'Away 2 score (away), Away 2 @ Home 2', 'Home 2 score (home), Away 2 @ Home 2'].map(box);
    // A numeric keypad whose action key reads Next, and Done on the last open row (the game after it has not kicked off).
    for (const input of [away1, home1, away2, home2]) expect(input).toHaveAttribute('inputmode', 'numeric');
    expect([away1, home1, away2, home2].map((input) => input.getAttribute('enterkeyhint'))).toEqual(['next', 'next', 'next', 'done']);

    await waitFor(() => expect(away1).toHaveFocus());
    typeInto(away1, '7');
    fireEvent.keyDown(away1, { key: 'Enter' });
    expect(home1).toHaveFocus();
    typeInto(home1, '10');
    fireEvent.keyDown(home1, { key: 'Enter' });
    expect(away2).toHaveFocus();
    typeInto(away2, '35');
    fireEvent.keyDown(away2, { key: 'Enter' });
    typeInto(home2, '28');
    fireEvent.keyDown(home2, { key: 'Enter' });
    // Done puts the keypad away: no row after it to go to.
    expect(home2).not.toHaveFocus();
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.url.pathname, call.body])).toEqual([
      ['/api/games/1', { away_score: 7, home_score: 10 }],
      ['/api/games/2', { away_score: 35, home_score: 28 }],
    ]));
  });

  it('sends a row once when Enter and the blur it causes both ask to save, and once more only for a new score', async () => {
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/games': GAMES,
      'PUT /api/games/1': ({ body }: { body: object }) => ({ body: { ...GAMES[0], ...body, status: 'completed' } }),
    });
    renderAdmin('/admin/games');
    await screen.findByText('Away 1 @ Home 1');
    fireEvent.click(screen.getByRole('button', { name: 'Score games' }));
    const section = await screen.findByRole('region', { name: 'Score games' });
    const [row1] = within(section).getAllByTestId('score-row');
    const away1 = within(row1).getByLabelText('Away 1 score (away), Away 1 @ Home 1');
    const home1 = within(row1).getByLabelText('Home 1 score (home), Away 1 @ Home 1');
    await waitFor(() => expect(away1).toHaveFocus());
    typeInto(away1, '14');
    fireEvent.keyDown(away1, { key: 'Enter' });
    typeInto(home1, '21');
    // Enter saves and moves the focus on (a blur of the home score), and a second blur comes while the save runs.
    fireEvent.keyDown(home1, { key: 'Enter' });
    expect(home1).not.toHaveFocus();
    fireEvent.blur(home1);
    expect(await within(row1).findByText('Saved')).toBeInTheDocument();
    fireEvent.blur(home1);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);

    // A corrected score is a new change: sent once.
    act(() => home1.focus());
    typeInto(home1, '20');
    fireEvent.keyDown(home1, { key: 'Enter' });
    fireEvent.blur(home1);
    expect(await within(row1).findByText('Saved')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { away_score: 14, home_score: 21 },
      { away_score: 14, home_score: 20 },
    ]);
  });

  it('floats no "Add Game" button over the scores on a phone while scoring', async () => {
    const undo = asPhone();
    try {
      stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/games': GAMES });
      renderAdmin('/admin/games');
      await screen.findByText('Away 1 @ Home 1');
      expect(screen.getByRole('link', { name: 'Add Game' })).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Score games' }));
      await screen.findByRole('region', { name: 'Score games' });
      expect(screen.queryByRole('link', { name: 'Add Game' })).not.toBeInTheDocument();
    } finally {
      undo();
    }
  });
});
