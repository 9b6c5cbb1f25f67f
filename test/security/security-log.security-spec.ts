import { Clock } from '../../src/common/clock';
import { Game } from '../../src/games/entities/game.entity';
import { MaintenanceRun } from '../../src/jobs/entities/maintenance-run.entity';
import { JobRunnerService } from '../../src/jobs/job-runner.service';
import { SecurityEvent } from '../../src/security/entities/security-event.entity';
import { SecurityLogService } from '../../src/security/security-log.service';
import { Pick } from '../../src/picks/entities/pick.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { User } from '../../src/users/entities/user.entity';
import { createConference, createGame, createPick, createSeason, createTeam, createWeek } from '../support/factories';
import { linkIn, TestSmtpServer } from '../support/smtp';
import { ADMIN, bearer, TestApp } from '../support/test-app';

const DAY = 24 * 3600 * 1000;
/** The list query react-admin sends: `filter`, `sort` and `range` as JSON. */
const listQuery = (filter: object, range: [number, number] = [0, 99], sort: [string, string] = ['created_at', 'DESC']) =>
  `filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent(JSON.stringify(sort))}&range=${encodeURIComponent(JSON.stringify(range))}`;

/**
 * The security log (ASVS V7): admin actions are recorded where they happen, in their own transaction, with who did
 * what to whom and from where; admins read it through a filtered list, nobody else can; it never holds a secret;
 * old entries are pruned by a daily job that one instance runs.
 */
describe('Security log', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let admin: string;
  let adminId: number;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    t = await TestApp.start({ SMTP_URL: smtp.url, SECURITY_LOG_RETENTION: '30d' });
    admin = await t.adminToken();
    adminId = (await t.http.get('/api/me').set(bearer(admin)).expect(200)).body.id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const events = () => t.dataSource.getRepository(SecurityEvent);
  const list = (filter: object, token = admin) => t.http.get(`/api/security_events?${listQuery(filter)}`).set(bearer(token));

  it('V7.1.3 an admin changing a role, deleting a member, overriding a pick, inviting, withdrawing an invitation and deleting a record is logged with who, whom and what', async () => {
    const promoted = await t.createUser();
    const removed = await t.createUser();
    const player = await t.createUser();

    await t.http.patch(`/api/users/${promoted.id}`).set(bearer(admin)).send({ role: 'admin' }).expect(200);
    // An edit that leaves the role as it is logs nothing.
    await t.http.patch(`/api/users/${promoted.id}`).set(bearer(admin)).send({ wins: 2 }).expect(200);
    await t.http.delete(`/api/users/${removed.id}`).set(bearer(admin)).expect(204);

    const game = await createGame(t.dataSource);
    const teams = t.dataSource.getRepository(Team);
    const home = await teams.findOneByOrFail({ id: game.home_team_id });
    const away = await teams.findOneByOrFail({ id: game.away_team_id });
    const created = await t.http.post('/api/picks').set(bearer(admin)).send({ game_id: game.id, selected_winner: home.name, user_id: player.id }).expect(201);
    await t.http.patch(`/api/picks/${created.body.id}`).set(bearer(admin)).send({ selected_winner: away.name }).expect(200);
    await t.http.delete(`/api/picks/${created.body.id}`).set(bearer(admin)).send({ reason: 'asked by the member' }).expect(204);

    const invitation = await t.http.post('/api/invitations').set(bearer(admin)).send({ email: 'log.invitee@pool.test' }).expect(201);
    await t.http.delete(`/api/invitations/${invitation.body.id}`).set(bearer(admin)).expect(204);

    const conference = await createConference(t.dataSource, { name: 'Logged Conference' });
    await t.http.delete(`/api/conferences/${conference.id}`).set(bearer(admin)).expect(204);
    const spareGame = await createGame(t.dataSource);
    await t.http.delete(`/api/games/${spareGame.id}`).set(bearer(admin)).expect(204);
    const team = await createTeam(t.dataSource, { name: 'Logged Team' });
    await t.http.delete(`/api/teams/${team.id}`).set(bearer(admin)).expect(204);
    const season = await createSeason(t.dataSource, { name: 'Logged Season' });
    const week = await createWeek(t.dataSource, { football_season_id: season.id, number: 9 });
    await t.http.delete(`/api/weeks/${week.id}`).set(bearer(admin)).expect(204);
    await t.http.delete(`/api/football_seasons/${season.id}`).set(bearer(admin)).expect(204);

    const byType = async (type: string) => (await list({ type }).expect(200)).body as Record<string, unknown>[];
    const ip = expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$|^::1$/);

    expect(await byType('role_changed')).toEqual([
      { id: expect.any(Number), type: 'role_changed', user_id: promoted.id, actor_id: adminId, email: promoted.email, ip, details: 'Role changed from user to admin', created_at: expect.any(String) },
    ]);
    expect(await byType('user_deleted')).toEqual([
      expect.objectContaining({ user_id: removed.id, actor_id: adminId, email: removed.email, ip, details: `Deleted the member account of ${removed.name}` }),
    ]);
    const overrides = await byType('pick_override');
    expect(overrides.map((entry) => entry.details).sort()).toEqual(
      [
        `Pick ${created.body.id} of game ${game.id} (create): no pick -> ${home.name}`,
        `Pick ${created.body.id} of game ${game.id} (update): ${home.name} -> ${away.name}`,
        `Pick ${created.body.id} of game ${game.id} (delete): ${away.name} -> no pick`,
      ].sort(),
    );
    for (const entry of overrides) expect(entry).toEqual(expect.objectContaining({ user_id: player.id, actor_id: adminId, email: player.email, ip }));
    expect(await byType('invitation_created')).toEqual([
      expect.objectContaining({ user_id: null, actor_id: adminId, email: 'log.invitee@pool.test', ip, details: `Invitation ${invitation.body.id} sent` }),
    ]);
    expect(await byType('invitation_deleted')).toEqual([
      expect.objectContaining({ actor_id: adminId, email: 'log.invitee@pool.test', ip, details: `Invitation ${invitation.body.id} withdrawn (it was pending)` }),
    ]);
    const deletions = (await byType('record_deleted')).map((entry) => entry.details);
    expect(deletions).toHaveLength(5);
    expect(deletions).toEqual(
      expect.arrayContaining([
        `Deleted conference Logged Conference (${conference.id})`,
        `Deleted team Logged Team (${team.id})`,
        `Deleted Week 9 of Logged Season (week ${week.id})`,
        `Deleted season Logged Season (${season.id})`,
        expect.stringMatching(new RegExp(`^Deleted game ${spareGame.id} \\(.+ at .+\\)$`)),
      ]),
    );

    // A member's own pick is no override and leaves no entry.
    const member = await t.member();
    const own = await createGame(t.dataSource);
    const ownHome = await teams.findOneByOrFail({ id: own.home_team_id });
    await t.http.post('/api/picks').set(bearer(member.token)).send({ game_id: own.id, selected_winner: ownHome.name }).expect(201);
    expect(await events().countBy({ type: 'pick_override', user_id: member.user.id })).toBe(0);
  });

  it('V7.1.3 an admin action that is refused leaves neither the change nor an entry', async () => {
    const before = await events().count();
    // Taking away one's own admin role, deleting oneself, and a conference still in use are all refused.
    await t.http.patch(`/api/users/${adminId}`).set(bearer(admin)).send({ role: 'user' }).expect(422);
    await t.http.delete(`/api/users/${adminId}`).set(bearer(admin)).expect(422);
    const game = await createGame(t.dataSource);
    await createPick(t.dataSource, game, adminId);
    await t.http.delete(`/api/games/${game.id}`).set(bearer(admin)).expect(409);
    expect(await events().count()).toBe(before);
    expect(await t.dataSource.getRepository(Game).existsBy({ id: game.id })).toBe(true);
  });

  it('V7.1.3 a change and its entry land together: when the entry cannot be written the change is rolled back', async () => {
    const member = await t.createUser();
    const game = await createGame(t.dataSource);
    const home = await t.dataSource.getRepository(Team).findOneByOrFail({ id: game.home_team_id });
    // Every entry is written through recordAll (record is one entry of it; a pasted list of invitations, many).
    const failing = jest.spyOn(t.app.get(SecurityLogService), 'recordAll').mockRejectedValue(new Error('the log is unavailable'));
    try {
      await t.http.patch(`/api/users/${member.id}`).set(bearer(admin)).send({ role: 'admin' }).expect(500);
      await t.http.post('/api/picks').set(bearer(admin)).send({ game_id: game.id, selected_winner: home.name, user_id: member.id }).expect(500);
      await t.http.post('/api/invitations').set(bearer(admin)).send({ email: 'rolled.back@pool.test' }).expect(500);
      await t.http.delete(`/api/users/${member.id}`).set(bearer(admin)).expect(500);
      expect(failing).toHaveBeenCalledTimes(4);
    } finally {
      failing.mockRestore();
    }
    expect(await t.dataSource.getRepository(User).findOneByOrFail({ id: member.id })).toEqual(expect.objectContaining({ role: 'user' }));
    expect(await t.dataSource.getRepository(Pick).countBy({ user_id: member.id })).toBe(0);
    expect((await t.http.get(`/api/invitations?${listQuery({ q: 'rolled.back' })}`).set(bearer(admin)).expect(200)).body).toEqual([]);
  });

  it('V7.1.4 admins read the log newest first with filters by type, account, e-mail, address and time, paged for react-admin', async () => {
    const repository = events();
    const base = Date.now() - 10 * DAY;
    const at = (days: number) => new Date(base + days * DAY);
    const seeded = await repository.save([
      repository.create({ type: 'login_failed', email: 'filter.one@pool.test', ip: '203.0.113.7', details: 'test', created_at: at(0) }),
      repository.create({ type: 'login_failed', email: 'filter.two@pool.test', ip: '203.0.113.8', details: 'test', created_at: at(1) }),
      repository.create({ type: 'login', user_id: 4242, email: 'filter.one@pool.test', ip: '203.0.113.7', details: 'test', created_at: at(2) }),
    ]);
    const ids = (body: { id: number }[]) => body.map((entry) => entry.id);
    const [one, two, three] = seeded.map((entry) => entry.id);

    const byEmail = await list({ email: 'FILTER.one' }).expect(200);
    expect(ids(byEmail.body)).toEqual([three, one]);
    expect(byEmail.headers['content-range']).toBe('security_events 0-1/2');
    expect(ids((await list({ email: 'filter.', type: 'login_failed' }).expect(200)).body)).toEqual([two, one]);
    expect(ids((await list({ user_id: 4242 }).expect(200)).body)).toEqual([three]);
    expect(ids((await list({ ip: '203.0.113.8' }).expect(200)).body)).toEqual([two]);
    const span = { email: 'filter.', created_at_gte: at(0.5).toISOString(), created_at_lte: at(1.5).toISOString() };
    expect(ids((await list(span).expect(200)).body)).toEqual([two]);
    expect(ids((await list({ email: 'filter.', created_at_gte: at(0.5).toISOString() }).expect(200)).body)).toEqual([three, two]);

    const page = await t.http.get(`/api/security_events?${listQuery({ email: 'filter.' }, [1, 1], ['created_at', 'ASC'])}`).set(bearer(admin)).expect(200);
    expect(ids(page.body)).toEqual([two]);
    expect(page.headers['content-range']).toBe('security_events 1-1/3');

    expect((await list({ type: 'nonsense' }).expect(400)).body.errors[0]).toMatch(/^type must be one of: login, /);
    expect((await list({ created_at_gte: 'yesterday-ish' }).expect(400)).body).toEqual({ errors: ['created_at_gte must be a date and time'] });
    expect((await t.http.get(`/api/security_events?sort=${encodeURIComponent('["details","ASC"]')}`).set(bearer(admin)).expect(400)).body).toEqual({ errors: ['Cannot sort by details'] });
  });

  it('V7.3.3 only admins read the log, and nobody can write, change or delete an entry through the API', async () => {
    const member = await t.member();
    await t.http.get('/api/security_events').expect(401);
    expect((await t.http.get('/api/security_events').set(bearer(member.token)).expect(403)).body).toEqual({ errors: [expect.any(String)] });
    const [entry] = (await t.http.get('/api/security_events').set(bearer(admin)).expect(200)).body as { id: number }[];
    expect(entry).toBeDefined();
    await t.http.post('/api/security_events').set(bearer(admin)).send({ type: 'login' }).expect(404);
    await t.http.patch(`/api/security_events/${entry.id}`).set(bearer(admin)).send({ details: 'rewritten' }).expect(404);
    await t.http.put(`/api/security_events/${entry.id}`).set(bearer(admin)).send({ details: 'rewritten' }).expect(404);
    await t.http.delete(`/api/security_events/${entry.id}`).set(bearer(admin)).expect(404);
    expect(await events().existsBy({ id: entry.id })).toBe(true);
  });

  it('V7.1.1 no entry carries a password, a session token, an invitation token or a link', async () => {
    const invited = await t.http.post('/api/invitations').set(bearer(admin)).send({ email: 'secret.check@pool.test' }).expect(201);
    const link = linkIn(await smtp.waitFor('secret.check@pool.test'), '/register?invitation_token=');
    const token = new URL(link).searchParams.get('invitation_token')!;
    expect(token.length).toBeGreaterThan(10);
    await t.http.delete(`/api/invitations/${invited.body.id}`).set(bearer(admin)).expect(204);
    const member = await t.member();
    await t.http.patch(`/api/users/${member.user.id}`).set(bearer(admin)).send({ role: 'admin' }).expect(200);

    const all = JSON.stringify(await events().find());
    expect(all).toContain('secret.check@pool.test');
    for (const secret of [token, ADMIN.password, admin, member.token, 'http://', 'https://', 'password_hash']) expect(all).not.toContain(secret);
  });

  it('V8.3.8 entries older than SECURITY_LOG_RETENTION are deleted once a day by one instance, newer ones stay', async () => {
    const second = await TestApp.startBeside(t, { SECURITY_LOG_RETENTION: '30d' });
    try {
      const repository = events();
      const now = Math.floor(Date.now() / 1000) * 1000;
      const [old, older, recent] = await repository.save([
        repository.create({ type: 'login', email: 'prune.old@pool.test', details: 'test', created_at: new Date(now - 31 * DAY) }),
        repository.create({ type: 'login', email: 'prune.older@pool.test', details: 'test', created_at: new Date(now - 400 * DAY) }),
        repository.create({ type: 'login', email: 'prune.recent@pool.test', details: 'test', created_at: new Date(now - 29 * DAY) }),
      ]);
      const total = await repository.count();

      for (const app of [t, second]) jest.spyOn(app.app.get(Clock), 'now').mockImplementation(() => new Date(now));
      await Promise.all([t, second, t, second].map((app) => app.app.get(JobRunnerService).tick()));

      expect(await repository.existsBy({ id: old.id })).toBe(false);
      expect(await repository.existsBy({ id: older.id })).toBe(false);
      expect(await repository.existsBy({ id: recent.id })).toBe(true);
      expect(await repository.count()).toBe(total - 2);
      const runs = await t.dataSource.getRepository(MaintenanceRun).findBy({ job: 'security-log-prune' });
      expect(runs).toEqual([expect.objectContaining({ slot: new Date(now).toISOString().slice(0, 10), status: 'succeeded', attempts: 1, message: expect.stringMatching(/^2 entries from before /) })]);

      // The next day the entry that has meanwhile grown too old goes as well.
      for (const app of [t, second]) jest.spyOn(app.app.get(Clock), 'now').mockImplementation(() => new Date(now + 2 * DAY));
      await t.app.get(JobRunnerService).tick();
      expect(await repository.existsBy({ id: recent.id })).toBe(false);
    } finally {
      jest.restoreAllMocks();
      await second.close();
    }
  });

  it('V7.1.3 a deleted account keeps its trail: entries name it by id and address after the row is gone', async () => {
    const gone = await t.createUser();
    await t.http.patch(`/api/users/${gone.id}`).set(bearer(admin)).send({ role: 'admin' }).expect(200);
    await t.http.delete(`/api/users/${gone.id}`).set(bearer(admin)).expect(204);
    expect(await t.dataSource.getRepository(User).existsBy({ id: gone.id })).toBe(false);
    const newestFirst = listQuery({ user_id: gone.id }, [0, 9], ['id', 'DESC']);
    const trail = (await t.http.get(`/api/security_events?${newestFirst}`).set(bearer(admin)).expect(200)).body as { type: string; email: string }[];
    expect(trail.map((entry) => entry.type)).toEqual(['user_deleted', 'role_changed']);
    expect(trail.every((entry) => entry.email === gone.email)).toBe(true);
  });
});
