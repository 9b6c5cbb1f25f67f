import { ReferenceCounter } from '../../src/database/reference-counter';
import { Team } from '../../src/teams/entities/team.entity';
import { JobClaimsService, JOB_MAX_ATTEMPTS } from '../../src/jobs/job-claims.service';
import { JobRun } from '../../src/jobs/entities/job-run.entity';
import { Week } from '../../src/seasons/weeks/entities/week.entity';
import { createGame, createPick, createTeam, createWeek, hoursFromNow } from '../support/factories';
import { TestApp } from '../support/test-app';

/** Services on a real database, no HTTP: two app instances on one database agree on who runs a job. */
describe('Claims and references (services on the database)', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await TestApp.start();
    second = await TestApp.startBeside(first);
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('lets exactly one instance claim a job run, and another take over a failed run until its attempts are spent', async () => {
    const week = await createWeek(first.dataSource);
    const run = { weekId: week.id, slot: 'first', dueAt: hoursFromNow(-1) };
    const [a, b] = [first.app.get(JobClaimsService), second.app.get(JobClaimsService)];
    expect(a.instance).not.toEqual(b.instance);

    const claims = await Promise.all([a.claim('pick-reminders', run, new Date()), b.claim('pick-reminders', run, new Date())]);
    expect(claims.filter((id) => id !== null)).toHaveLength(1);
    const id = claims.find((claim) => claim !== null)!;
    // Taken and running within its lease: nobody else gets it.
    expect(await a.claim('pick-reminders', run, new Date())).toBeNull();

    for (let attempt = 2; attempt <= JOB_MAX_ATTEMPTS; attempt++) {
      await a.fail(id, new Error('smtp down'), new Date());
      expect(await b.claim('pick-reminders', run, new Date())).toBe(id);
    }
    await b.fail(id, new Error('smtp down'), new Date());
    expect(await a.claim('pick-reminders', run, new Date())).toBeNull();
    const stored = await first.dataSource.getRepository(JobRun).findOneByOrFail({ id });
    expect(stored).toMatchObject({ status: 'failed', attempts: JOB_MAX_ATTEMPTS, instance: b.instance });
  });

  it('takes over a running claim whose lease expired (its instance died)', async () => {
    const week = await createWeek(first.dataSource);
    const run = { weekId: week.id, slot: 'last', dueAt: hoursFromNow(-1) };
    const id = await first.app.get(JobClaimsService).claim('picks-sheet', run, new Date());
    expect(id).not.toBeNull();
    await first.dataSource.getRepository(JobRun).update(id!, { lease_expires_at: hoursFromNow(-1) });
    expect(await second.app.get(JobClaimsService).claim('picks-sheet', run, new Date())).toBe(id);
  });

  it('counts what refers to rows by table, a row pointing twice at one row once', async () => {
    const ds = first.dataSource;
    const [home, away, idle] = [await createTeam(ds), await createTeam(ds), await createTeam(ds)];
    const week = await createWeek(ds);
    const won = await createGame(ds, { week_id: week.id, home_team_id: home.id, away_team_id: away.id, status: 'completed', winner_team_id: home.id });
    await createGame(ds, { week_id: week.id, home_team_id: away.id, away_team_id: home.id });
    const member = await first.createUser({ favorite_team_id: away.id });
    await createPick(ds, won, member.id, { selected_team_id: away.id });

    const teams = await first.app.get(ReferenceCounter).count(Team, [home.id, away.id, idle.id]);
    expect(teams.get(home.id)).toEqual({ games: 2 });
    expect(teams.get(away.id)).toEqual({ games: 2, picks: 1, users: 1 });
    expect(teams.get(idle.id)).toEqual({});

    const weeks = await first.app.get(ReferenceCounter).count(Week, [week.id], ['games', 'picks']);
    expect(weeks.get(week.id)).toEqual({ games: 2, picks: 1 });
  });
});
