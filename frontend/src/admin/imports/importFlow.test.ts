import { importReducer, initialImportState, type ImportState } from './importFlow';
import { preview, previewGame, team } from './importFixtures';

const failure = { text: 'CFBD did not answer.', offerCsv: true };
const applied = { text: 'Applied', seasonId: 1, weekId: 3 };

describe("Import Games' state", () => {
  const answer = preview(41, [previewGame('A', team('Texas'), team('Ohio State'), { selected: true, is_tiebreaker: true })]);
  const request = { week_id: 3, provider: 'cfbd' as const };
  const shown: ImportState = importReducer(initialImportState(null), { type: 'previewed', request, preview: answer });

  it('starts on the source the address names, with nothing shown', () => {
    expect(initialImportState('csv')).toMatchObject({ provider: 'csv', csv: null, request: null, preview: null, error: null, applied: null });
  });

  it('shows a preview with the games already in the week ticked, and keeps what was asked for', () => {
    expect(shown.request).toEqual(request);
    expect([...shown.choice.selected]).toEqual(['A']);
    expect(shown.choice.tiebreaker).toBe('A');
  });

  it('clears a failure when another source is chosen or a call starts; a new preview also puts away the last result', () => {
    const failed = importReducer({ ...shown, applied }, { type: 'failed', error: failure });
    expect(importReducer(failed, { type: 'source', provider: 'csv' })).toMatchObject({ provider: 'csv', error: null, applied });
    expect(importReducer(failed, { type: 'start' })).toMatchObject({ error: null, applied });
    expect(importReducer(failed, { type: 'start', fresh: true })).toMatchObject({ error: null, applied: null });
  });

  it('forgets the preview, the result and the failure when another week is chosen', () => {
    const done = importReducer(importReducer(shown, { type: 'applied', applied }), { type: 'failed', error: failure });
    expect(importReducer(done, { type: 'week' })).toMatchObject({ preview: null, applied: null, error: null });
  });
});
