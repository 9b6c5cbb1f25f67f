import { Game } from '../../src/games/entities/game.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { createSeason } from '../support/factories';
import { TestSmtpServer } from '../support/smtp';
import { bearer, TestApp } from '../support/test-app';
import { notificationsSuite } from '../support/notifications-suite';

describe('Weekly notifications and missing picks', () => {
  const s = notificationsSuite();
  const { get, send, members, deliveries, delivered, mailOf, week } = s;
  let t: TestApp, admin: string, smtp: TestSmtpServer;
  beforeAll(() => ({ t, admin, smtp } = s));

  describe('validate', () => {
    it('is valid with exactly 10 games and 1 tiebreaker, and says what is wrong otherwise', async () => {
      const valid = await week();
      expect((await get(`/api/weekly_notifications/validate?week_id=${valid.week_id}`).expect(200)).body).toEqual({
        isValid: true,
        gamesCount: 10,
        tiebreakerCount: 1,
        message: `Week ${valid.number} is ready: 10 games with 1 tiebreaker`,
      });
      const short = await week(8, 0);
      expect((await get(`/api/weekly_notifications/validate?week_id=${short.week_id}`).expect(200)).body).toEqual({
        isValid: false,
        gamesCount: 8,
        tiebreakerCount: 0,
        message: 'Week must have exactly 10 games with 1 tiebreaker (found 8 games, 0 tiebreakers)',
      });
    });

    it('needs an existing week', async () => {
      expect((await get('/api/weekly_notifications/validate').expect(400)).body.errors[0]).toBe('week_id is required and must be a whole number');
      await get('/api/weekly_notifications/validate?week_id=abc').expect(400);
      expect((await get('/api/weekly_notifications/validate?week_id=999999').expect(404)).body.errors).toEqual(['Week not found']);
    });
  });

  describe('preview', () => {
    it('answers the games in kickoff order and the e-mail a member receives, sending nothing', async () => {
      const { week_id, number, games } = await week();
      const before = smtp.messages.length;
      const { body } = await get(`/api/weekly_notifications/preview?week_id=${week_id}`).expect(200);
      expect(body).toEqual(
        expect.objectContaining({ week_id, week_number: number, user_name: 'Admin', games_count: 10, subject: `Week ${number} picks are open - Saturday Pool` }),
      );
      const last = games[9];
      const names = async (game: Game) => {
        const teams = t.dataSource.getRepository(Team);
        return [(await teams.findOneByOrFail({ id: game.away_team_id })).name, (await teams.findOneByOrFail({ id: game.home_team_id })).name];
      };
      const [lastAway, lastHome] = await names(last);
      expect(body.tiebreaker_game).toBe(`${lastAway} @ ${lastHome}`);
      expect(body.games.map((game: { game_id: number }) => game.game_id)).toEqual(games.map((game) => game.id));
      expect(body.games[0]).toEqual({
        game_id: games[0].id,
        away_team: `Away Tigers ${number}`,
        home_team: `Home Owls ${number}`,
        away_team_ranking: 5,
        home_team_ranking: 12,
        game_date: '2030-09-07T16:00:00.000Z',
        pick_deadline: '2030-09-07T15:00:00.000Z',
        betting_line: 7.5,
        betting_line_team: 'home',
        favored_team: `Home Owls ${number}`,
        line: `Home Owls ${number} by 7.5`,
        is_tiebreaker: false,
      });
      expect(body.games[9]).toEqual(expect.objectContaining({ is_tiebreaker: true, betting_line: null, line: 'No line' }));
      expect(body.html).toContain('Saturday Pool');
      expect(body.html).toContain(`#5 Away Tigers ${number}`);
      expect(body.html).toMatch(/Saturday, September 7, 2030 at 11:00\sAM/);
      expect(body.html).toContain('http://pool.test/dashboard');
      expect(body.html).toContain('Tiebreaker');
      expect(body.html).toContain('Hi Admin');
      expect(smtp.messages.length).toBe(before);
      expect(await deliveries(week_id)).toEqual([]);
    });

    it('is refused for a week that is not valid', async () => {
      const { week_id } = await week(9, 1);
      expect((await get(`/api/weekly_notifications/preview?week_id=${week_id}`).expect(422)).body.errors).toEqual([
        'Week must have exactly 10 games with 1 tiebreaker (found 9 games, 1 tiebreaker)',
      ]);
    });
  });

  describe("the season's games per week (docs/pool-formats.md)", () => {
    const validate = async (week_id: number) => (await get(`/api/weekly_notifications/validate?week_id=${week_id}`).expect(200)).body;

    it('8 games a week: exactly 8 with 1 tiebreaker, and the e-mail says so', async () => {
      const { id } = await createSeason(t.dataSource, { games_per_week: 8 });
      const eight = await week(8, 1, id);
      expect(await validate(eight.week_id)).toEqual({ isValid: true, gamesCount: 8, tiebreakerCount: 1, message: `Week ${eight.number} is ready: 8 games with 1 tiebreaker` });
      const ten = await week(10, 1, id);
      const refusal = 'Week must have exactly 8 games with 1 tiebreaker (found 10 games, 1 tiebreaker)';
      expect(await validate(ten.week_id)).toEqual({ isValid: false, gamesCount: 10, tiebreakerCount: 1, message: refusal });
      expect((await get(`/api/weekly_notifications/preview?week_id=${ten.week_id}`).expect(422)).body.errors).toEqual([refusal]);
      expect((await send(ten.week_id).expect(422)).body.errors).toEqual([refusal]);

      const { body } = await get(`/api/weekly_notifications/preview?week_id=${eight.week_id}`).expect(200);
      expect(body.games_count).toBe(8);
      expect(body.html).toContain("<strong>This season's rules</strong>");
      expect(body.html).toContain('<li>Each week has 8 games, one of them the tiebreaker.</li>');
    });

    it('every game of the week: at least 1 game with exactly 1 tiebreaker; the e-mail lists the rules', async () => {
      const { id } = await createSeason(t.dataSource, { games_per_week: null, drop_worst_weeks: 2 });
      const none = await week(13, 0, id);
      expect(await validate(none.week_id)).toEqual({
        isValid: false,
        gamesCount: 13,
        tiebreakerCount: 0,
        message: 'Week must have at least 1 game with 1 tiebreaker (found 13 games, 0 tiebreakers)',
      });
      const { week_id, number } = await week(13, 1, id);
      expect(await validate(week_id)).toEqual({ isValid: true, gamesCount: 13, tiebreakerCount: 1, message: `Week ${number} is ready: 13 games with 1 tiebreaker` });

      const pool = await members();
      await send(week_id).expect(200);
      await delivered(week_id);
      const text = mailOf(pool[0].email, number)[0].text!;
      expect(text).toContain("This season's rules:\n- Your worst 2 weeks are dropped from the season standings.\n- Every game of the week is on the card.\n");
      expect(text).toContain(`the 13 games of week ${number} are set`);
    });

    it("a season on the spec's rules lists no rules", async () => {
      const { week_id } = await week();
      const { body } = await get(`/api/weekly_notifications/preview?week_id=${week_id}`).expect(200);
      expect(body.html).not.toContain('rules');
    });
  });

  describe('send', () => {
    it("e-mails every member the week's games once, records each delivery, and sends nobody the same e-mail twice", async () => {
      const { week_id, number } = await week();
      const pool = await members();
      const response = await send(week_id).expect(200);
      expect(response.body).toEqual({ sent_count: pool.length, failed_count: 0, skipped_count: 0, queued_count: 0 });

      const rows = await delivered(week_id);
      for (const member of pool) expect(mailOf(member.email, number)).toHaveLength(1);
      expect(mailOf('admin@pool.test', number)).toHaveLength(0);
      const mail = mailOf(pool[0].email, number)[0];
      expect(mail.subject).toBe(`Week ${number} picks are open - Saturday Pool`);
      for (const part of [mail.html!, mail.text!]) {
        expect(part).toContain(`Hi ${pool[0].name}`);
        expect(part).toContain(`#5 Away Tigers ${number}`);
        expect(part).toContain(`#12 Home Owls ${number}`);
        expect(part).toContain(`Home Owls ${number} by 7.5`);
        expect(part).toMatch(/Saturday, September 7, 2030 at 11:00\sAM \(America\/Chicago\)/);
        expect(part).toMatch(/first game closes Saturday, September 7, 2030 at 10:00\sAM/);
        expect(part).toMatch(/TIEBREAKER|Tiebreaker/);
        expect(part).toContain('http://pool.test/dashboard');
      }
      // Kickoff order: the 11:00 game first, the tiebreaker (the last kickoff) last.
      const text = mail.text!;
      expect(text.indexOf('11:00')).toBeLessThan(text.indexOf('12:00'));
      expect(text.indexOf(`Away Tigers ${number}`)).toBeLessThan(text.indexOf('[TIEBREAKER'));

      expect(rows.map((row) => [row.user_id, row.kind, row.round, row.status, row.attempts])).toEqual(
        pool.map((member) => [member.id, 'weekly', 0, 'sent', 1]),
      );
      expect(rows.every((row) => row.sent_at instanceof Date && row.error === null && row.context === null)).toBe(true);

      expect((await send(week_id).expect(200)).body).toEqual({ sent_count: 0, failed_count: 0, skipped_count: pool.length, queued_count: 0 });
      await delivered(week_id);
      for (const member of pool) expect(mailOf(member.email, number)).toHaveLength(1);
    });

    it('sending again queues only the members whose e-mail failed for good', async () => {
      const { week_id, number } = await week();
      const pool = await members();
      const [refusedA, refusedB] = [pool[0], pool[2]];
      smtp.refuse.add(refusedA.email);
      smtp.refuse.add(refusedB.email);
      try {
        expect((await send(week_id).expect(200)).body).toEqual({ sent_count: pool.length - 2, failed_count: 2, skipped_count: 0, queued_count: 0 });
      } finally {
        smtp.refuse.clear();
      }
      expect(mailOf(refusedA.email, number)).toHaveLength(0);
      const failed = (await get(`/api/weekly_notifications/deliveries?week_id=${week_id}&status=failed`).expect(200)).body;
      expect(failed.map((row: { user: { id: number } }) => row.user.id).sort()).toEqual([refusedA.id, refusedB.id].sort());
      expect(failed[0]).toEqual(expect.objectContaining({ kind: 'weekly', status: 'failed', attempts: 1, sent_at: null, error: expect.stringMatching(/550/) }));

      expect((await send(week_id).expect(200)).body).toEqual({ sent_count: 2, failed_count: 0, skipped_count: pool.length - 2, queued_count: 0 });
      const rows = await delivered(week_id);
      for (const member of pool) expect(mailOf(member.email, number)).toHaveLength(1);
      expect(rows.every((row) => row.status === 'sent' && row.error === null && row.attempts === 1)).toBe(true);
    });

    it('sends each member one e-mail when two sends race', async () => {
      const { week_id, number } = await week();
      const pool = await members();
      const [first, second] = await Promise.all([send(week_id).expect(200), send(week_id).expect(200)]);
      expect(first.body.sent_count + second.body.sent_count).toBe(pool.length);
      expect(first.body.failed_count + second.body.failed_count).toBe(0);
      expect(await delivered(week_id)).toHaveLength(pool.length);
      for (const member of pool) expect(mailOf(member.email, number)).toHaveLength(1);
    });

    it('refuses a week that is not valid, an unknown week and a missing week_id, sending nothing', async () => {
      const { week_id } = await week(10, 0);
      const before = smtp.messages.length;
      expect((await send(week_id).expect(422)).body.errors).toEqual([
        'Week must have exactly 10 games with 1 tiebreaker (found 10 games, 0 tiebreakers)',
      ]);
      await send(999999).expect(404);
      expect((await t.http.post('/api/weekly_notifications/send').set(bearer(admin)).send({}).expect(422)).body.errors).toEqual([
        'week_id must be a whole number',
      ]);
      expect(smtp.messages.length).toBe(before);
      expect(await deliveries(week_id)).toEqual([]);
    });

    it("lists deliveries in react-admin's dialect too", async () => {
      const { week_id } = await week();
      await send(week_id).expect(200);
      await delivered(week_id);
      const count = (await members()).length;
      const page = await get(`/api/weekly_notifications/deliveries?filter=${encodeURIComponent(JSON.stringify({ week_id }))}&range=[0,1]&sort=["id","ASC"]`).expect(200);
      expect(page.headers['content-range']).toBe(`deliveries 0-1/${count}`);
      expect(page.body[0]).toEqual(
        expect.objectContaining({ week_id, kind: 'weekly', status: 'sent', user: expect.objectContaining({ id: expect.any(Number), email: expect.any(String) }) }),
      );
      expect(JSON.stringify(page.body)).not.toMatch(/password/);
      await get('/api/weekly_notifications/deliveries?status=lost').expect(400);
    });
  });
});
