import { DEFAULT_RULES, playingRoles } from './season-rules';

describe('playingRoles', () => {
  it('is the members alone, and the admins too where the commissioner plays', () => {
    expect(playingRoles(DEFAULT_RULES)).toEqual(['user']);
    expect(playingRoles({ ...DEFAULT_RULES, commissioner_plays: true })).toEqual(['user', 'admin']);
  });
});
