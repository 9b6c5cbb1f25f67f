import { TestApp } from '../support/test-app';
import { get, leastDataWorld, Reader, World } from '../support/least-data';

describe('Least data: what each reader sees (docs/decisions.md)', () => {
  const s = leastDataWorld();
  let t: TestApp, w: World;
  beforeAll(() => ({ t, w } = s));

  it("V8.3.4 e-mail addresses are personal data: results and standings show them to admins and to their owner only (null for other members)", async () => {
    const rows = async (reader: Exclude<Reader, 'anonymous'>) => {
      const weekly = (await get((x) => `/weekly_results?week_id=${x.finishedWeekId}`)(t, w, reader).expect(200)).body as { user: { id: number; email: string | null } }[];
      const season = (await get((x) => `/season_results/standings/${x.seasonId}`)(t, w, reader).expect(200)).body.standings as { user: { id: number; email: string | null } }[];
      const board = (await get((x) => `/standings?football_season_id=${x.seasonId}`)(t, w, reader).expect(200)).body as { user: { id: number; email: string | null } }[];
      return [weekly, season, board].map((list) => Object.fromEntries(list.map((row) => [row.user.id, row.user.email])));
    };
    const both = (memberEmail: string | null, otherEmail: string | null) => ({ [w.member.id]: memberEmail, [w.other.id]: otherEmail });
    expect(await rows('admin')).toEqual([1, 2, 3].map(() => both(w.member.email, w.other.email)));
    expect(await rows('member')).toEqual([1, 2, 3].map(() => both(w.member.email, null)));
    expect(await rows('other')).toEqual([1, 2, 3].map(() => both(null, w.other.email)));
  });
});
