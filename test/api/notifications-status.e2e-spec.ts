import { NotificationDelivery } from '../../src/mail/entities/notification-delivery.entity';
import { LiveBoardService } from '../../src/live/live-board.service';
import type { ContentionDto } from '../../src/results/dto/contention.dto';
import { createSeason, hoursFromNow } from '../support/factories';
import { TestSmtpServer } from '../support/smtp';
import { bearer, TestApp } from '../support/test-app';
import { Entry, notificationsSuite } from '../support/notifications-suite';

describe('Weekly notifications and missing picks', () => {
  const s = notificationsSuite();
  const { get, send, members, deliveries, delivered, mailOf, week, words, calculatedWeek, pickingWeek } = s;
  let t: TestApp, admin: string, smtp: TestSmtpServer;
  beforeAll(() => ({ t, admin, smtp } = s));

  describe('status: whether the week was e-mailed already', () => {
    const status = (week_id: number | string, token = admin) => t.http.get('/api/weekly_notifications/status').query({ week_id }).set(bearer(token));

    it('is empty before a send; after one it tells when and to how many, what was delivered and what the mail server refused', async () => {
      const { week_id } = await week();
      expect((await status(week_id).expect(200)).body).toEqual({ week_id, sends: [], last_sent_at: null });

      const pool = await members();
      const refused = pool[1];
      const before = Date.now() - 1000;
      smtp.refuse.add(refused.email);
      try {
        expect((await send(week_id).expect(200)).body).toEqual({ sent_count: pool.length - 1, failed_count: 1, skipped_count: 0, queued_count: 0 });
      } finally {
        smtp.refuse.clear();
      }
      const first = (await status(week_id).expect(200)).body;
      expect(first).toEqual({
        week_id,
        sends: [{ round: 0, sent_at: expect.any(String), recipient_count: pool.length, delivered_count: pool.length - 1, refused_count: 1, queued_count: 0 }],
        last_sent_at: first.sends[0].sent_at,
      });
      expect(Date.parse(first.sends[0].sent_at)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(first.sends[0].sent_at)).toBeLessThanOrEqual(Date.now());

      // Sending again goes to the refused member alone; the send stays one, now all delivered.
      expect((await send(week_id).expect(200)).body).toEqual({ sent_count: 1, failed_count: 0, skipped_count: pool.length - 1, queued_count: 0 });
      const again = (await status(week_id).expect(200)).body;
      expect(again.sends).toEqual([{ ...first.sends[0], delivered_count: pool.length, refused_count: 0 }]);
      expect(again.last_sent_at).toBe(first.sends[0].sent_at);
      // Other e-mails of the week (a reminder) are not the weekly e-mail.
      await t.http.post(`/api/weeks/${week_id}/missing_picks/remind`).set(bearer(admin)).expect(200);
      expect((await status(week_id).expect(200)).body.sends).toHaveLength(1);
    });

    it('counts an e-mail still on its way (waiting for a retry) as queued', async () => {
      const { week_id } = await week();
      const pool = await members();
      await send(week_id).expect(200);
      const [waiting] = await delivered(week_id);
      // Turned away for now, its retry an hour off: a state a 451 leaves for a while.
      await t.dataSource.getRepository(NotificationDelivery).update(waiting.id, { status: 'queued', sent_at: null, next_attempt_at: hoursFromNow(1) });
      expect((await status(week_id).expect(200)).body.sends).toEqual([
        expect.objectContaining({ recipient_count: pool.length, delivered_count: pool.length - 1, refused_count: 0, queued_count: 1 }),
      ]);
      await t.dataSource.getRepository(NotificationDelivery).update(waiting.id, { status: 'sent', next_attempt_at: null });
    });

    it('needs an existing week', async () => {
      expect((await get('/api/weekly_notifications/status').expect(400)).body.errors).toEqual(['week_id is required and must be a whole number']);
      await status('abc').expect(400);
      expect((await status(999999).expect(404)).body.errors).toEqual(['Week not found']);
    });
  });

  describe("last week's awards and who is still alive", () => {
    afterEach(() => jest.restoreAllMocks());
    const race = (names: [string, 'can_win' | 'eliminated'][]): ContentionDto => ({
      scope: 'season',
      method: 'bound',
      undecided_games: 10,
      open_games: 10,
      outcomes: null,
      contenders: names.map(([name, status], i) => ({ user: { id: i + 1, name }, current: 0, max: 10, status, paths: null, more_paths: 0 })),
    });
    const week5 = (season: ContentionDto) => ({ week: { ...season, scope: 'week' as const }, season });

    it("tells the season's previous calculated week's awards and who is still alive, in HTML and text", async () => {
      const { id: seasonId } = await createSeason(t.dataSource);
      const last = await calculatedWeek(seasonId);
      const { week_id, number } = await week(10, 1, seasonId);
      // Who is alive comes from the live board's contention (its own tests check the race); here, a fixed answer.
      const alive = race([['Ann', 'can_win'], ['Ben', 'can_win'], ['Cal', 'can_win'], ['Dee', 'eliminated']]);
      const contention = jest.spyOn(t.app.get(LiveBoardService), 'contention').mockResolvedValue(week5(alive));
      await send(week_id).expect(200);
      await delivered(week_id);
      expect(contention).toHaveBeenCalledWith(week_id);

      const [m0] = last.pool;
      const mail = mailOf(m0.email, number)[0];
      const lines = [
        `Last week's awards (week ${last.number})`,
        `Perfect week: ${m0.name}`,
        `Best contrarian pick: ${m0.name} took ${last.contrarian.away} in ${last.contrarian.away} @ ${last.contrarian.home}, picked by 33.3% of those who picked the game`,
        `Closest tiebreaker: ${m0.name}, off by 1 point`,
        'Still alive for the season: Ann, Ben and Cal (3 of 4)',
      ];
      for (const line of lines) {
        expect(mail.text).toContain(line);
        expect(words(mail.html!)).toContain(line);
      }
      // Every member gets the same news.
      expect(mailOf(last.pool[2].email, number)[0].text).toContain(`Perfect week: ${m0.name}`);

      // The admin's preview shows it too.
      const { body } = await get(`/api/weekly_notifications/preview?week_id=${week_id}`).expect(200);
      for (const line of lines) expect(words(body.html)).toContain(line);
    });

    it('reads plainly when nobody is out yet, and has no awards before any week is calculated', async () => {
      const { id: seasonId } = await createSeason(t.dataSource);
      const { week_id, number } = await week(10, 1, seasonId);
      jest.spyOn(t.app.get(LiveBoardService), 'contention').mockResolvedValue(week5(race([['Ann', 'can_win'], ['Ben', 'can_win']])));
      await send(week_id).expect(200);
      await delivered(week_id);
      const mail = mailOf((await members())[0].email, number)[0];
      for (const part of [mail.text!, words(mail.html!)]) {
        expect(part).toContain('Everyone is still alive for the season.');
        expect(part).not.toContain("Last week's awards");
      }
    });

    it("with the live board's own race: everyone is still alive while a week of open games is ahead", async () => {
      // Week n: m0 3 points, m1 2, m2 0 (calculatedWeek). Week n+1: 10 open games, so every member can still add 10
      // points and even m2's most (0 + 10) is above m0's 3: nobody is out, nobody has clinched.
      const { id: seasonId } = await createSeason(t.dataSource);
      await calculatedWeek(seasonId);
      const { week_id, number } = await week(10, 1, seasonId);
      await send(week_id).expect(200);
      await delivered(week_id);
      const mail = mailOf((await members())[0].email, number)[0];
      for (const part of [mail.text!, words(mail.html!)]) expect(part).toContain('Everyone is still alive for the season.');
    });

    it('goes out without the line when who is alive cannot be worked out', async () => {
      const { week_id, number } = await week();
      jest.spyOn(t.app.get(LiveBoardService), 'contention').mockRejectedValue(new Error('no race'));
      await send(week_id).expect(200);
      await delivered(week_id);
      const mail = mailOf((await members())[0].email, number)[0];
      expect(mail.text).toContain('picks are open');
      expect(mail.text).not.toMatch(/alive/);
    });
  });

  /** The admin's two batches: each answers what the mail server did with its e-mails' first attempts. */
  const batches: [string, () => Promise<{ week_id: number; recipients: { id: number; email: string }[]; post: () => ReturnType<typeof send> }>][] = [
    [
      'the weekly e-mail',
      async () => {
        const { week_id } = await week();
        return { week_id, recipients: await members(), post: () => send(week_id) };
      },
    ],
    [
      'the reminder',
      async () => {
        const { week_id } = await pickingWeek();
        const missing = (await get(`/api/weeks/${week_id}/missing_picks`).expect(200)).body as Entry[];
        return { week_id, recipients: missing.map((entry) => entry.user), post: () => t.http.post(`/api/weeks/${week_id}/missing_picks/remind`).set(bearer(admin)) };
      },
    ],
  ];

  describe.each(batches)('%s counts what the mail server did', (_batch, batch) => {
    it('a recipient refused for good (550 at RCPT) is failed after one attempt and not retried; the others are sent', async () => {
      const { week_id, recipients, post } = await batch();
      const refused = recipients[0];
      smtp.refuse.add(refused.email);
      try {
        expect((await post().expect(200)).body).toEqual({ sent_count: recipients.length - 1, failed_count: 1, skipped_count: 0, queued_count: 0 });
      } finally {
        smtp.refuse.clear();
      }
      const rows = await deliveries(week_id);
      expect(rows.find((row) => row.user_id === refused.id)).toEqual(
        expect.objectContaining({ status: 'failed', attempts: 1, next_attempt_at: null, error: expect.stringMatching(/550/) }),
      );
      expect(rows.filter((row) => row.user_id !== refused.id).map((row) => row.status)).toEqual(recipients.slice(1).map(() => 'sent'));
    });

    it('a recipient turned away for now (451) is counted as queued, and tried again', async () => {
      const { week_id, recipients, post } = await batch();
      const deferred = recipients[0];
      smtp.defer.add(deferred.email);
      try {
        expect((await post().expect(200)).body).toEqual({ sent_count: recipients.length - 1, failed_count: 0, skipped_count: 0, queued_count: 1 });
        // MAIL_MAX_ATTEMPTS is 2 here: the second attempt is turned away too, and then it has failed for good.
        const rows = await delivered(week_id);
        expect(rows.find((row) => row.user_id === deferred.id)).toEqual(expect.objectContaining({ status: 'failed', attempts: 2, error: expect.stringMatching(/451/) }));
      } finally {
        smtp.defer.clear();
      }
    });
  });
});
