import { NotificationDelivery } from '../../src/mail/entities/notification-delivery.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { User } from '../../src/users/entities/user.entity';
import { createGame, createSeason, createWeek } from '../support/factories';
import { SilentSmtpServer } from '../support/smtp';
import { bearer, PASSWORD, TestApp } from '../support/test-app';
import { Entry, HOUR, KICKOFF, notificationsSuite } from '../support/notifications-suite';

describe('Weekly notifications and missing picks', () => {
  const s = notificationsSuite();
  const { get, send, members, deliveries, delivered, mailOf, week, pickingWeek } = s;
  let t: TestApp, admin: string;
  beforeAll(() => ({ t, admin } = s));

  describe('who has not picked', () => {
    it('lists members with open games unpicked or the tiebreaker score missing; locked games and admins never', async () => {
      const { week_id, open, tiebreaker, ann, bob, cat } = await pickingWeek();
      const { body } = await get(`/api/weeks/${week_id}/missing_picks`).expect(200);
      const entryOf = (user: User) => (body as Entry[]).find((entry) => entry.user.id === user.id);
      expect(entryOf(ann)).toBeUndefined();
      expect(entryOf(bob)).toEqual({ user: { id: bob.id, name: bob.name, email: bob.email }, missing: [], missing_tiebreaker: true, open_games: 2 });
      const openTeams = await t.dataSource.getRepository(Team).findBy([{ id: open.away_team_id }, { id: open.home_team_id }]);
      const nameOf = (id: number) => openTeams.find((team) => team.id === id)!.name;
      expect(entryOf(cat)).toEqual({
        user: { id: cat.id, name: cat.name, email: cat.email },
        missing: [
          { game_id: open.id, away_team: nameOf(open.away_team_id), home_team: nameOf(open.home_team_id), pick_deadline: new Date(open.game_date.getTime() - HOUR).toISOString() },
          expect.objectContaining({ game_id: tiebreaker.id }),
        ],
        missing_tiebreaker: true,
        open_games: 2,
      });
      const adminUser = await t.dataSource.getRepository(User).findOneByOrFail({ role: 'admin' });
      expect((body as Entry[]).some((entry) => entry.user.id === adminUser.id)).toBe(false);
      // Every member listed really misses something open: the locked game is never listed.
      expect((body as Entry[]).every((entry) => entry.missing.every((game) => [open.id, tiebreaker.id].includes(game.game_id)))).toBe(true);
    });

    it('reminds them now, listing what is missing, and may remind again later', async () => {
      const { week_id, number, ann, bob, cat } = await pickingWeek();
      const missing = (await get(`/api/weeks/${week_id}/missing_picks`).expect(200)).body as Entry[];
      const remind = () => t.http.post(`/api/weeks/${week_id}/missing_picks/remind`).set(bearer(admin)).expect(200);

      expect((await remind()).body).toEqual({ sent_count: missing.length, failed_count: 0, skipped_count: 0, queued_count: 0 });
      await delivered(week_id);
      const reminderOf = (user: User) => mailOf(user.email, number, 'still to make');
      expect(reminderOf(ann)).toHaveLength(0);
      expect(reminderOf(bob)).toHaveLength(1);
      expect(reminderOf(bob)[0].subject).toBe(`Week ${number}: your tiebreaker score still to make - Saturday Pool`);
      expect(reminderOf(bob)[0].text).toMatch(/Tiebreaker: enter your predicted final score/);
      const catMail = reminderOf(cat)[0];
      expect(catMail.subject).toBe(`Week ${number}: 2 picks still to make - Saturday Pool`);
      expect(catMail.text).toContain('pick by');
      expect(catMail.html).toContain('http://pool.test/dashboard');

      expect((await remind()).body.sent_count).toBe(missing.length);
      await delivered(week_id);
      expect(reminderOf(cat)).toHaveLength(2);
      const rows = (await deliveries(week_id)).filter((row) => row.user_id === cat.id);
      expect(rows.map((row) => [row.kind, row.round, row.status])).toEqual([
        ['reminder-manual', 1, 'sent'],
        ['reminder-manual', 2, 'sent'],
      ]);
    });

    it('nudges one member alone, and nobody who has nothing missing', async () => {
      const { week_id, number, ann, bob, cat } = await pickingWeek();
      const nudge = (user: User) => t.http.post(`/api/weeks/${week_id}/missing_picks/${user.id}/remind`).set(bearer(admin)).expect(200);
      expect((await nudge(cat)).body).toEqual({ sent_count: 1, failed_count: 0, skipped_count: 0, queued_count: 0 });
      expect((await nudge(ann)).body.sent_count).toBe(0);
      await delivered(week_id);
      expect(mailOf(cat.email, number, 'still to make')).toHaveLength(1);
      expect(mailOf(bob.email, number, 'still to make')).toHaveLength(0);
      expect(mailOf(ann.email, number, 'still to make')).toHaveLength(0);
      // The whole list's reminder still reaches everyone missing picks afterwards, cat again included.
      await t.http.post(`/api/weeks/${week_id}/missing_picks/remind`).set(bearer(admin)).expect(200);
      await delivered(week_id);
      expect(mailOf(cat.email, number, 'still to make')).toHaveLength(2);
      expect(mailOf(bob.email, number, 'still to make')).toHaveLength(1);
    });

    it.each([true, false])('a season with commissioner_plays %s lists, reminds and e-mails the admin who has not picked only when they play', async (plays) => {
      const { id } = await createSeason(t.dataSource, { commissioner_plays: plays });
      const { week_id, number } = await week(10, 1, id);
      const commissioner = await t.dataSource.getRepository(User).findOneByOrFail({ role: 'admin' });
      const players = [...(await members()).map((member) => member.id), ...(plays ? [commissioner.id] : [])].sort();

      // Nobody has picked yet: every player is listed, and only they.
      const listed = ((await get(`/api/weeks/${week_id}/missing_picks`).expect(200)).body as Entry[]).map((entry) => entry.user.id);
      expect(listed.sort()).toEqual(players);
      const remind = await t.http.post(`/api/weeks/${week_id}/missing_picks/remind`).set(bearer(admin)).expect(200);
      expect(remind.body.sent_count).toBe(players.length);
      expect((await send(week_id).expect(200)).body.sent_count).toBe(players.length);
      await delivered(week_id);
      expect(mailOf(commissioner.email, number, 'still to make')).toHaveLength(plays ? 1 : 0);
      expect(mailOf(commissioner.email, number)).toHaveLength(plays ? 1 : 0);
      expect((await deliveries(week_id)).some((row) => row.user_id === commissioner.id)).toBe(plays);
    });

    it('needs an existing week', async () => {
      await get('/api/weeks/999999/missing_picks').expect(404);
      await get('/api/weeks/abc/missing_picks').expect(400);
      await t.http.post('/api/weeks/999999/missing_picks/remind').set(bearer(admin)).expect(404);
      await t.http.post('/api/weeks/999999/missing_picks/1/remind').set(bearer(admin)).expect(404);
      await t.http.post('/api/weeks/1/missing_picks/abc/remind').set(bearer(admin)).expect(400);
    });
  });

  it('is for admins only', async () => {
    const { token } = await t.member();
    await get('/api/weekly_notifications/validate?week_id=1', token).expect(403);
    await get('/api/weekly_notifications/preview?week_id=1', token).expect(403);
    await t.http.post('/api/weekly_notifications/send').set(bearer(token)).send({ week_id: 1 }).expect(403);
    await get('/api/weekly_notifications/deliveries', token).expect(403);
    await get('/api/weekly_notifications/status?week_id=1', token).expect(403);
    await get('/api/weeks/1/missing_picks', token).expect(403);
    await t.http.post('/api/weeks/1/missing_picks/remind').set(bearer(token)).expect(403);
    await t.http.post('/api/weeks/1/missing_picks/1/remind').set(bearer(token)).expect(403);
    await t.http.get('/api/weekly_notifications/validate?week_id=1').expect(401);
  });
});

describe('A batch of e-mails while the mail server hangs', () => {
  it('is answered after the wait, every e-mail counted as queued: the weekly e-mail and the reminder alike', async () => {
    const silent = await SilentSmtpServer.start();
    // The mail server would be given a minute; the answer waits for at most 200 ms of it.
    const t = await TestApp.start({ SMTP_URL: silent.url, MAIL_TIMEOUT: '60s', MAIL_SEND_WAIT: '200ms' });
    try {
      const admin = await t.adminToken();
      await t.createUser();
      await t.createUser();
      const { id: week_id } = await createWeek(t.dataSource);
      for (let i = 0; i < 10; i++) await createGame(t.dataSource, { week_id, game_date: new Date(KICKOFF + i * HOUR), is_tiebreaker: i === 9 });
      const answered = { sent_count: 0, failed_count: 0, skipped_count: 0, queued_count: 2 };
      expect((await t.http.post('/api/weekly_notifications/send').set(bearer(admin)).send({ week_id }).expect(200)).body).toEqual(answered);
      expect((await t.http.post(`/api/weeks/${week_id}/missing_picks/remind`).set(bearer(admin)).expect(200)).body).toEqual(answered);
      // Both answers came while the mail server had not said a word: no attempt has ended.
      const rows = await t.dataSource.getRepository(NotificationDelivery).findBy({ week_id });
      expect(rows.map((row) => [row.status === 'sent' || row.status === 'failed', row.error])).toEqual(rows.map(() => [false, null]));
      expect(rows).toHaveLength(4);
    } finally {
      await silent.stop();
      await t.close();
    }
  });

  it('keeps other requests going while it waits, writes included', async () => {
    const silent = await SilentSmtpServer.start();
    // A wait far longer than this test: the send can only answer once the mail server goes away.
    const t = await TestApp.start({ SMTP_URL: silent.url, MAIL_TIMEOUT: '60s', MAIL_SEND_WAIT: '60s' });
    try {
      const admin = await t.adminToken();
      const member = await t.createUser();
      const { id: week_id } = await createWeek(t.dataSource);
      for (let i = 0; i < 10; i++) await createGame(t.dataSource, { week_id, game_date: new Date(KICKOFF + i * HOUR), is_tiebreaker: i === 9 });
      let answered = false;
      const sending = t.http
        .post('/api/weekly_notifications/send')
        .set(bearer(admin))
        .send({ week_id })
        .then((response) => {
          answered = true;
          return response;
        });
      while (silent.connections === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      // The send is waiting for the mail server; a login (a session written) and a read answer meanwhile.
      await t.login(member.email, PASSWORD);
      await t.http.get(`/api/weekly_notifications/validate?week_id=${week_id}`).set(bearer(admin)).expect(200);
      expect(answered).toBe(false);
      // The mail server goes away: the attempt fails and is queued for a retry, which ends the wait.
      await silent.stop();
      expect((await sending).body).toEqual({ sent_count: 0, failed_count: 0, skipped_count: 0, queued_count: 1 });
    } finally {
      await silent.stop().catch(() => undefined);
      await t.close();
    }
  });
});
