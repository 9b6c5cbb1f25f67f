import { Game } from '../../src/games/entities/game.entity';
import { createGame, createWeek, hoursFromNow } from '../support/factories';
import { liveSuite } from '../support/live-suite';
import { createSurvivorContest, createSurvivorPick, createSurvivorResult, enterSurvivor } from '../support/survivor-factories';
import type { TestApp } from '../support/test-app';

/** The live board's survivor part (docs/saturday.md#survivor-on-the-live-board). */
describe('Live board: survivor', () => {
  const s = liveSuite();
  const { live, teamOf, week } = s;
  let t: TestApp;
  beforeAll(() => ({ t } = s));

  const score = (game: Game, home_score: number, away_score: number) => t.dataSource.getRepository(Game).update(game.id, { status: 'in_progress', home_score, away_score });

  it('is null when the season has no survivor contest, or its contest starts later', async () => {
    const { season, week_id, bob } = await week();
    expect((await live(week_id, bob.token).expect(200)).body.survivor).toBeNull();
    const later = await createWeek(t.dataSource, { football_season_id: season.id, number: 9 });
    await createSurvivorContest(t.dataSource, { football_season_id: season.id, first_week_id: later.id });
    s.now += 60_000;
    expect((await live(week_id, bob.token).expect(200)).body.survivor).toBeNull();
  });

  it('counts who is alive given the scores so far, names who is at risk, and follows the scores', async () => {
    const { season, week_id, number, open, locked, ann, bob } = await week();
    const other = await createGame(t.dataSource, { week_id, game_date: hoursFromNow(0.25) });
    const cat = await t.member({ name: `Live ${s.run} Cat` });
    const dan = await t.member({ name: `Live ${s.run} Dan` });
    const eve = await t.member({ name: `Live ${s.run} Eve` });
    const before = await createWeek(t.dataSource, { football_season_id: season.id, number: number - 1 });
    const contest = await createSurvivorContest(t.dataSource, { football_season_id: season.id, first_week_id: before.id, lives: 2 });
    await enterSurvivor(t.dataSource, contest, [ann, bob, cat, dan, eve].map((member) => member.user.id));
    // After the week before: Dan has lost a life, Eve is out.
    for (const member of [ann, bob, cat]) await createSurvivorResult(t.dataSource, contest, before, member.user.id);
    await createSurvivorResult(t.dataSource, contest, before, dan.user.id, { outcome: 'loss', lives_lost: 1, lives_left: 1, weeks_survived: 0 });
    await createSurvivorResult(t.dataSource, contest, before, eve.user.id, { alive: false, lives_left: 0 });
    // Ann's team leads, Bob's and Dan's trail, Cat picked a game still open, Eve is out and picks nothing.
    await createSurvivorPick(t.dataSource, contest, locked, ann.user.id);
    await createSurvivorPick(t.dataSource, contest, other, bob.user.id);
    await createSurvivorPick(t.dataSource, contest, other, dan.user.id, other.away_team_id);
    await createSurvivorPick(t.dataSource, contest, open, cat.user.id);
    await score(locked, 14, 7);
    await score(other, 3, 10);
    const ref = (member: typeof ann) => ({ user_id: member.user.id, name: member.user.name });
    const otherHome = (await teamOf(other.home_team_id)).name;

    // Dan picked the away side of the other game: it leads, so Dan is safe; Bob (home) trails with 2 lives.
    let body = (await live(week_id, bob.token).expect(200)).body;
    expect(body.survivor).toEqual({
      name: 'Survivor',
      alive_count: 4,
      alive_now: [ref(ann), ref(bob), ref(cat), ref(dan)],
      at_risk: [{ ...ref(bob), team_name: otherHome, lives_left: 2 }],
    });
    // Cat's team is not told while its game is open (the games list names both teams of every game anyway).
    expect(JSON.stringify(body.survivor)).not.toContain((await teamOf(open.home_team_id)).name);

    // The home side comes back: now Dan (1 life) trails and is out as things stand; Bob is safe.
    await score(other, 17, 10);
    s.now += 60_000;
    body = (await live(week_id, ann.token).expect(200)).body;
    expect(body.survivor).toEqual({
      name: 'Survivor',
      alive_count: 3,
      alive_now: [ref(ann), ref(bob), ref(cat)],
      at_risk: [{ ...ref(dan), team_name: (await teamOf(other.away_team_id)).name, lives_left: 1 }],
    });

    // A tie costs nothing under `ties: win`; Ann's game tied: she is not at risk.
    await score(locked, 7, 7);
    s.now += 60_000;
    body = (await live(week_id, ann.token).expect(200)).body;
    expect(body.survivor.at_risk.map((entrant: { user_id: number }) => entrant.user_id)).toEqual([dan.user.id]);
    expect(body.survivor.alive_now).toContainEqual(ref(ann));
  });
});
