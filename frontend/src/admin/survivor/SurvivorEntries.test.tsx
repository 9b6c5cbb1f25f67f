import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../session/session';
import { clickWhenEnabled, CURRENT_ROUTES, renderAdmin, stubAdminApi } from '../test/adminTestUtils';
import { CONTEST, entry, LOCKED } from './survivorFixtures';
import { SURVIVOR_TEXTS } from './survivorTexts';
import type { SurvivorContest, SurvivorEntry } from './survivorTypes';

const MEMBERS = [
  { id: 11, name: 'Ann', email: 'ann@pool.test', role: 'user' },
  { id: 12, name: 'Ben', email: 'ben@pool.test', role: 'user' },
  { id: 14, name: 'Dee', email: 'dee@pool.test', role: 'user' },
];

/** A contest's entrants; marking, adding and removing change them as the API would. */
function stubEntries(contest: SurvivorContest = CONTEST) {
  const entries: SurvivorEntry[] = [entry(1, 'Ann', { entered_by: 'Admin' }), entry(2, 'Ben', { alive: false, lives_left: 0, weeks_survived: 2 }), entry(3, 'Cat', { paid: true })];
  const stub = stubAdminApi({
    ...CURRENT_ROUTES,
    'GET /api/survivor_contests': [contest],
    [`GET /api/survivor_contests/${contest.id}`]: contest,
    'GET /api/survivor_entries': () => ({ body: entries }),
    'GET /api/users': MEMBERS,
    'POST /api/survivor_entries': ({ body }: { body: unknown }) => {
      const { user_id } = body as { user_id: number };
      const added = entry(user_id - 10, MEMBERS.find((member) => member.id === user_id)!.name, { entered_by: 'Admin' });
      entries.push(added);
      return { status: 201, body: added };
    },
    'DELETE /api/survivor_entries/2': () => {
      entries.splice(1, 1);
      return { status: 204 };
    },
    [`PATCH /api/survivor_contests/${contest.id}/entries_paid`]: ({ body }: { body: unknown }) => {
      const { user_ids, paid } = body as { user_ids: number[]; paid: boolean };
      let changed = 0;
      for (const row of entries) {
        if (user_ids.includes(row.user_id) && row.paid !== paid) {
          row.paid = paid;
          changed += 1;
        }
      }
      return { body: { changed, paid_count: entries.filter((row) => row.paid).length } };
    },
  });
  return { ...stub, entries };
}

describe('Survivor entrants', { timeout: 120_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it("lists the current season's contest's entrants and marks the selected ones paid by their user ids", async () => {
    const { calls } = stubEntries();
    renderAdmin('/admin/survivor_entries');
    expect(await screen.findByRole('heading', { name: SURVIVOR_TEXTS.entrants })).toBeInTheDocument();
    const ann = await screen.findByRole('row', { name: /Ann/ });
    const list = calls.find((call) => call.url.pathname === '/api/survivor_entries')!;
    expect(JSON.parse(list.url.searchParams.get('filter')!)).toEqual({ survivor_contest_id: CONTEST.id });
    expect(within(ann).getByText('Admin')).toBeInTheDocument();
    expect(within(ann).getByText('Alive')).toBeInTheDocument();
    const ben = screen.getByRole('row', { name: /Ben/ });
    expect(within(ben).getByText('Out')).toBeInTheDocument();
    expect(within(ben).getByText('Themselves')).toBeInTheDocument();
    expect(within(ben).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(expect.arrayContaining(['0', '2']));

    fireEvent.click(within(ann).getByRole('checkbox', { name: 'Select Ann' }));
    fireEvent.click(within(ben).getByRole('checkbox', { name: 'Select Ben' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('2 entrants marked paid')).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.url.pathname).toBe(`/api/survivor_contests/${CONTEST.id}/entries_paid`);
    expect(patch.body).toEqual({ user_ids: [11, 12], paid: true });
    await waitFor(() => expect(within(screen.getByRole('row', { name: /Ann/ })).getByText('Paid')).toBeInTheDocument());
  });

  it('adds a member not yet entered, and removes an entrant after asking', async () => {
    const { calls } = stubEntries();
    renderAdmin('/admin/survivor_entries');
    await screen.findByRole('row', { name: /Ann/ });
    fireEvent.click(await screen.findByRole('link', { name: SURVIVOR_TEXTS.addEntrant }));
    const dialog = await screen.findByRole('dialog', { name: SURVIVOR_TEXTS.addEntrant });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Member/ }), { target: { value: '' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Member/ }));
    expect(await screen.findByRole('option', { name: 'Dee (dee@pool.test)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Ann (ann@pool.test)' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('option', { name: 'Dee (dee@pool.test)' }));
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ survivor_contest_id: CONTEST.id, user_id: 14 }));
    expect(await screen.findByText('Entrant added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: SURVIVOR_TEXTS.addEntrant })).not.toBeInTheDocument());
    expect(await screen.findByRole('row', { name: /Dee/ })).toBeInTheDocument();

    fireEvent.click(within(screen.getByRole('row', { name: /Ben/ })).getByRole('button', { name: 'Remove' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Ben/ })).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/survivor_entries/2')).toBe(true);
  });

  it('offers no adding or removing once entry has closed, and says so', async () => {
    stubEntries(LOCKED);
    renderAdmin('/admin/survivor_entries');
    await screen.findByRole('row', { name: /Ann/ });
    expect(await screen.findByText(SURVIVOR_TEXTS.entryClosed)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: SURVIVOR_TEXTS.addEntrant })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });
});
