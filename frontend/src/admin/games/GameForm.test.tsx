import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../session/session';
import { clickWhenEnabled, CURRENT_ROUTES, game, renderAdmin, stubAdminApi, typeInto } from '../test/adminTestUtils';
import { keepForNextGame } from './GameCreate';
import { closedDeadlineQuestion, earlyFinalQuestion, gameBody, impliedWinnerText } from './GameInputs';

const OSU = { id: 10, name: 'Ohio State', nickname: null };
const RUTGERS = { id: 11, name: 'Rutgers', nickname: null };
const TEAMS = [OSU, RUTGERS];
/** Ohio State beat Rutgers 42-26 (home Ohio State), as stored. */
const FINAL = game(1, { home_team_id: OSU.id, away_team_id: RUTGERS.id, home_team: OSU, away_team: RUTGERS, status: 'completed', home_score: 42, away_score: 26, winner_team_id: OSU.id, winner_team: OSU, forfeit: false, forfeit_reason: null });

const names = (id: number) => TEAMS.find((team) => team.id === id)?.name;

describe('The game form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('names the winner the scores imply, and a tie', () => {
    const base = { home_team_id: OSU.id, away_team_id: RUTGERS.id };
    expect(impliedWinnerText({ ...base, home_score: 42, away_score: 45 }, names)).toBe('Winner: Rutgers (45-42)');
    expect(impliedWinnerText({ ...base, home_score: '42', away_score: '26' }, names)).toBe('Winner: Ohio State (42-26)');
    expect(impliedWinnerText({ ...base, home_score: 21, away_score: 21 }, names)).toMatch(/^Tied 21-21/);
    expect(impliedWinnerText({ ...base, home_score: 21, away_score: '' }, names)).toBe('');
    expect(impliedWinnerText({ home_team_id: '', away_team_id: '', home_score: 3, away_score: 0 }, names)).toBe('Winner: Home team (3-0)');
  });

  it('sends the implied winner of a completed game, none of an unfinished one, and a forfeit with its reason', () => {
    const base = { week_id: 3, home_team_id: OSU.id, away_team_id: RUTGERS.id, game_date: '2026-09-05T19:30', status: 'completed', winner_team_id: OSU.id };
    expect(gameBody({ ...base, home_score: 42, away_score: 45 })).toMatchObject({ winner_team_id: RUTGERS.id, forfeit: false, forfeit_reason: null });
    expect(gameBody({ ...base, home_score: 42, away_score: 45, status: 'in_progress' })).toMatchObject({ winner_team_id: null });
    expect(gameBody({ ...base, home_score: null, away_score: null })).toMatchObject({ winner_team_id: OSU.id });
    expect(gameBody({ ...base, home_score: 0, away_score: 7, forfeit: true, forfeit_reason: ' Ineligible player ' })).toMatchObject({
      winner_team_id: OSU.id,
      forfeit: true,
      forfeit_reason: 'Ineligible player',
    });
  });

  it('shows the new winner as a corrected score is typed, and saves it with the score', async () => {
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/games': [FINAL],
      'GET /api/games/1': FINAL,
      'GET /api/teams': TEAMS,
      'PUT /api/games/1': ({ body }: { body: object }) => ({ body: { ...FINAL, ...body } }),
    });
    renderAdmin('/admin/games/1');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Game' });
    await within(dialog).findByText('Winner: Ohio State (42-26)');
    typeInto(within(dialog).getByLabelText('Away Score'), '45');
    expect(await within(dialog).findByText('Winner: Rutgers (45-42)')).toBeInTheDocument();
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ away_score: 45, home_score: 42, winner_team_id: RUTGERS.id, status: 'completed', forfeit: false }));
  });

  it('marks a scheduled game completed once both scores are typed', async () => {
    const scheduled = { ...FINAL, status: 'scheduled', home_score: null, away_score: null, winner_team_id: null, winner_team: null };
    stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/games': [scheduled], 'GET /api/games/1': scheduled, 'GET /api/teams': TEAMS });
    renderAdmin('/admin/games/1');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Game' });
    const status = await within(dialog).findByRole('combobox', { name: /^Status/ });
    expect(status).toHaveTextContent('Scheduled');
    typeInto(within(dialog).getByLabelText('Home Score'), '17');
    expect(status).toHaveTextContent('Scheduled');
    typeInto(within(dialog).getByLabelText('Away Score'), '20');
    await waitFor(() => expect(status).toHaveTextContent('Completed'));
  });

  it('awards a forfeit only with a reason, and shows the server refusal', async () => {
    const answer = { status: 422, body: { errors: ['The score is tied (Ohio State 42, Rutgers 42) and a completed game cannot end tied.'] } };
    stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/games': [FINAL], 'GET /api/games/1': FINAL, 'GET /api/teams': TEAMS, 'PUT /api/games/1': () => answer });
    renderAdmin('/admin/games/1');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Game' });
    await within(dialog).findByText('Winner: Ohio State (42-26)');
    fireEvent.click(within(dialog).getByLabelText(/^Forfeit/));
    expect(await within(dialog).findByLabelText(/^Forfeit reason/)).toBeInTheDocument();
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Say why the game is awarded')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByLabelText(/^Forfeit \(/));
    typeInto(within(dialog).getByLabelText('Away Score'), '42');
    expect(await within(dialog).findByText(/^Tied 42-42/)).toBeInTheDocument();
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(answer.body.errors[0])).toBeInTheDocument();
  });

  it('asks before saving a game whose pick deadline has passed, not when only its score changes', () => {
    const now = Date.parse('2026-09-05T19:00:00Z');
    const kickoff = '2026-09-05T19:30:00.000Z';
    expect(closedDeadlineQuestion({ game_date: kickoff }, undefined, now)).toMatch(/^Picks for this game close immediately/);
    expect(closedDeadlineQuestion({ game_date: '2026-09-05T20:30:00.000Z' }, undefined, now)).toBeNull();
    expect(closedDeadlineQuestion({ game_date: kickoff }, { game_date: kickoff }, now)).toBeNull();
    expect(closedDeadlineQuestion({ game_date: kickoff }, { game_date: '2026-09-12T19:30:00.000Z' }, now)).toMatch(/^Picks for this game close/);
  });

  it('asks before saving a final for a game that has not kicked off, not for one already final or kicked off', () => {
    const now = Date.parse('2026-09-05T19:00:00Z');
    const ahead = { game_date: '2026-09-26T19:30:00.000Z', status: 'completed', home_score: 24, away_score: 17 };
    expect(earlyFinalQuestion(ahead, { status: 'scheduled' }, now)).toMatch(/^This game kicks off .*: a final closes its picks at once and shows every member's pick of it\. Save anyway\?$/);
    expect(earlyFinalQuestion(ahead, undefined, now)).toMatch(/^This game kicks off/);
    expect(earlyFinalQuestion(ahead, { status: 'completed' }, now)).toBeNull();
    expect(earlyFinalQuestion({ ...ahead, status: 'scheduled', home_score: null, away_score: null }, { status: 'scheduled' }, now)).toBeNull();
    expect(earlyFinalQuestion({ ...ahead, game_date: '2026-09-05T18:30:00.000Z' }, { status: 'in_progress' }, now)).toBeNull();
  });

  it('keeps the week and the kickoff for the next game', () => {
    expect(keepForNextGame({ football_season_id: 1, week_id: 3, game_date: '2026-09-05T19:30', home_team_id: 10, away_team_id: 11, name: 'Rivalry' })).toEqual({
      football_season_id: 1,
      week_id: 3,
      game_date: '2026-09-05T19:30',
    });
  });

  it('saves and starts the next game in the same week at the same kickoff, after confirming a closed deadline', async () => {
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/games': [],
      'GET /api/teams': TEAMS,
      'POST /api/games': ({ body }: { body: object }) => ({ status: 201, body: { ...FINAL, id: 2, ...body } }),
    });
    renderAdmin('/admin/games/create');
    const dialog = await screen.findByRole('dialog', { name: 'Add Game' });
    for (const [label, team] of [
      [/^Away Team/, 'Rutgers'],
      [/^Home Team/, 'Ohio State'],
    ] as const) {
      fireEvent.change(within(dialog).getByRole('combobox', { name: label }), { target: { value: team } });
      fireEvent.click(await screen.findByRole('option', { name: team }));
    }
    // An hour ago: its picks would close at once.
    const past = new Date(Date.now() - 3600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${past.getFullYear()}-${pad(past.getMonth() + 1)}-${pad(past.getDate())}T${pad(past.getHours())}:${pad(past.getMinutes())}`;
    typeInto(within(dialog).getByLabelText(/^Game Date/), local);
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save and add another' }));
    const question = await screen.findByRole('dialog', { name: 'Save anyway?' });
    expect(question).toHaveTextContent('Picks for this game close immediately');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save anyway?' })).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save and add another' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Save anyway?' })).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({ week_id: 3, home_team_id: OSU.id, away_team_id: RUTGERS.id });
    // The same dialog, ready for the next game: teams cleared, week and kickoff kept.
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Home Team/ })).toHaveValue(''));
    expect(screen.getByRole('dialog', { name: 'Add Game' })).toBe(dialog);
    expect(within(dialog).getByLabelText(/^Game Date/)).toHaveValue(local);
    expect(within(dialog).getByRole('combobox', { name: /^Week/ })).toHaveTextContent('Week 1');
  });

  it('offers to reopen the picks of a game kept locked, and sends reopen_picks only when asked', async () => {
    const locked = { ...FINAL, status: 'scheduled', home_score: null, away_score: null, winner_team_id: null, winner_team: null, deadline_status: 'closed', picks_locked_at: '2026-09-05T18:45:00.000Z' };
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/games': [locked],
      'GET /api/games/1': locked,
      'GET /api/teams': TEAMS,
      'PUT /api/games/1': ({ body }: { body: object }) => ({ body: { ...locked, ...body, picks_locked_at: null } }),
    });
    renderAdmin('/admin/games/1');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Game' });
    expect(await within(dialog).findByText(/Picks for this game stay closed/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByLabelText('Reopen picks until the new deadline'));
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ reopen_picks: true }));
  });

  it('shows no reopening for a game that is not kept locked, and saves without it', async () => {
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/games': [FINAL],
      'GET /api/games/1': FINAL,
      'GET /api/teams': TEAMS,
      'PUT /api/games/1': ({ body }: { body: object }) => ({ body: { ...FINAL, ...body } }),
    });
    renderAdmin('/admin/games/1');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Game' });
    await within(dialog).findByText('Winner: Ohio State (42-26)');
    expect(within(dialog).queryByLabelText('Reopen picks until the new deadline')).not.toBeInTheDocument();
    typeInto(within(dialog).getByLabelText('Away Score'), '27');
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')).toBeDefined());
    expect(calls.find((call) => call.method === 'PUT')!.body).not.toHaveProperty('reopen_picks');
  });
});
