import { MailOutboxService } from '../../src/mail/mail-outbox.service';
import { NotificationDelivery } from '../../src/mail/entities/notification-delivery.entity';
import { OutboxOneTimeLinks1764600000000 } from '../../src/schema/migrations/1764600000000-outbox-one-time-links';
import { settledDeliveries } from '../support/outbox';
import { linkIn, SilentSmtpServer, TestSmtpServer } from '../support/smtp';
import { bearer, TestApp } from '../support/test-app';

const outgoing = (email: string, n = 0) => ({
  kind: 'password-reset',
  email,
  subject: `Reset your password ${n}`,
  template: 'password-reset',
  context: { email, link: `http://pool.test/reset-password/token-${n}`, expiresAt: 'in two hours' },
});

/** An address's outbox rows exactly as the database holds them. */
const rawRows = (t: TestApp, email: string): Promise<Record<string, unknown>[]> =>
  t.dataSource.query('SELECT * FROM notification_deliveries WHERE email = ? ORDER BY id', [email]);

describe('The mail outbox', () => {
  describe('with a working mail server', () => {
    let smtp: TestSmtpServer;
    let t: TestApp;

    beforeAll(async () => {
      smtp = await TestSmtpServer.start();
      t = await TestApp.start({ SMTP_URL: smtp.url, MAIL_POLL_INTERVAL: '100ms' });
    });
    afterAll(async () => {
      await t.close();
      await smtp.stop();
    });
    const raw = (email: string) => rawRows(t, email);

    it('writes the e-mail with its cause, then delivers it and forgets its context', async () => {
      const member = await t.createUser({ email: 'outbox-reset@pool.test' });
      await t.http.post('/api/password_resets').send({ email: member.email }).expect(200);
      const [row] = await settledDeliveries(t, { email: member.email }, 10_000, 1);
      expect(row).toEqual(
        expect.objectContaining({ kind: 'password-reset', user_id: member.id, template: 'password-reset', status: 'sent', attempts: 1, context: null }),
      );
      expect(linkIn(await smtp.waitFor(member.email), '/reset-password/')).toMatch(/^http:\/\/pool\.test\/reset-password\//);
    });

    it("keeps an invitation's link out of the database: sealed while it waits, gone once delivered; the link it carries works", async () => {
      const email = 'sealed-invite@pool.test';
      const admin = await t.adminToken();
      // The mail server turns the invitee away for now, so the e-mail waits in the outbox for its retry.
      smtp.defer.add(email);
      let waiting: Record<string, unknown>[];
      try {
        await t.http.post('/api/invitations').set(bearer(admin)).send({ email }).expect(201);
        waiting = await raw(email);
      } finally {
        smtp.defer.delete(email);
      }
      expect(waiting).toEqual([expect.objectContaining({ kind: 'invitation', context: expect.any(String), sent_at: null })]);
      // Its retry falls due now.
      await t.dataSource.getRepository(NotificationDelivery).update({ email }, { next_attempt_at: new Date() });
      const link = linkIn(await smtp.waitFor(email), '/register?invitation_token=');
      const token = new URL(link).searchParams.get('invitation_token')!;
      expect(token.length).toBeGreaterThan(16);
      const stored = JSON.stringify(waiting);
      expect(stored).not.toContain(token);
      expect(stored).not.toContain(encodeURIComponent(token));
      expect(stored).not.toContain('invitation_token');

      await settledDeliveries(t, { email });
      expect(await raw(email)).toEqual([expect.objectContaining({ status: 'sent', context: null })]);
      expect((await t.http.get(`/api/invitation_tokens/${encodeURIComponent(token)}`).expect(200)).body).toEqual({ email });
    });

    it('reads rows written before messages were sealed: a waiting one goes out, and the migration deletes the link of a failed one', async () => {
      const deliveries = t.dataSource.getRepository(NotificationDelivery);
      const plain = (email: string, n: number) => ({ ...outgoing(email, n), context: JSON.stringify(outgoing(email, n).context) });
      const failedLink = await deliveries.save({ ...plain('plain-failed@pool.test', 1), status: 'failed', attempts: 5, error: 'Mailbox unavailable' });
      const failedOther = await deliveries.save({ ...plain('plain-failed@pool.test', 2), kind: 'pick-changed', status: 'failed', attempts: 5 });
      const runner = t.dataSource.createQueryRunner();
      try {
        await new OutboxOneTimeLinks1764600000000().up(runner);
      } finally {
        await runner.release();
      }
      expect(await deliveries.findOneByOrFail({ id: failedLink.id })).toEqual(expect.objectContaining({ status: 'failed', context: null }));
      expect(await deliveries.findOneByOrFail({ id: failedOther.id })).toEqual(expect.objectContaining({ status: 'failed', context: failedOther.context }));

      const waiting = await deliveries.save({ ...plain('plain-waiting@pool.test', 3), status: 'queued', attempts: 0, next_attempt_at: new Date() });
      expect(linkIn(await smtp.waitFor('plain-waiting@pool.test'), '/reset-password/')).toBe('http://pool.test/reset-password/token-3');
      expect(await settledDeliveries(t, { id: waiting.id })).toEqual([expect.objectContaining({ status: 'sent', context: null })]);
    });

    it('writes nothing, and sends nothing, when the transaction that queued the e-mail rolls back', async () => {
      const outbox = t.app.get(MailOutboxService);
      await expect(
        t.dataSource.transaction(async (manager) => {
          await outbox.enqueue(manager, outgoing('rolled-back@pool.test'));
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await t.dataSource.getRepository(NotificationDelivery).findBy({ email: 'rolled-back@pool.test' })).toEqual([]);
      expect(smtp.to('rolled-back@pool.test')).toHaveLength(0);
    });

    it('takes over an e-mail whose sender died mid-send (its claim expired)', async () => {
      const deliveries = t.dataSource.getRepository(NotificationDelivery);
      const { id } = await deliveries.save({
        ...outgoing('orphan@pool.test'),
        context: JSON.stringify(outgoing('orphan@pool.test').context),
        status: 'sending',
        attempts: 1,
        claimed_by: 'an-instance-that-died',
        next_attempt_at: new Date(Date.now() - 60_000),
      });
      await smtp.waitFor('orphan@pool.test');
      expect(await settledDeliveries(t, { id })).toEqual([expect.objectContaining({ status: 'sent', attempts: 2 })]);
    });
  });

  it('delivers each e-mail exactly once when two app instances share the database', async () => {
    const smtp = await TestSmtpServer.start();
    const env = { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL: '20ms', MAIL_CONCURRENCY: '3' };
    const a = await TestApp.start(env);
    const b = await TestApp.startBeside(a, env);
    try {
      const addresses = Array.from({ length: 24 }, (_, i) => `twice-${i}@pool.test`);
      // Queued through both instances in turn while both senders poll. Each batch is one statement outside a
      // transaction: both instances share this process, where better-sqlite3 waiting for the file's lock would
      // block the event loop and with it the other instance's commit (separate processes simply wait their turn).
      for (let chunk = 0; chunk < addresses.length / 4; chunk++) {
        const app = chunk % 2 ? b : a;
        const mails = addresses.slice(chunk * 4, chunk * 4 + 4).map((email, i) => outgoing(email, i));
        await app.app.get(MailOutboxService).enqueue(app.dataSource.manager, ...mails);
      }
      const rows = await settledDeliveries(a, {});
      expect(rows).toHaveLength(addresses.length);
      expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
      // Let any late duplicate arrive before counting.
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const address of addresses) expect(smtp.to(address)).toHaveLength(1);
      expect(smtp.messages).toHaveLength(addresses.length);
    } finally {
      await b.close();
      await a.close();
      await smtp.stop();
    }
  });

  it('answers a reset request while the mail server hangs, without waiting for it', async () => {
    const silent = await SilentSmtpServer.start();
    // The mail server would be given a minute: an answer that waited for it would come far too late for the test.
    const t = await TestApp.start({ SMTP_URL: silent.url, MAIL_TIMEOUT: '60s' });
    try {
      const member = await t.createUser({ email: 'hung-answer@pool.test' });
      const answer = await t.http.post('/api/password_resets').send({ email: member.email }).expect(200);
      expect(answer.body.message).toEqual(expect.any(String));
      const deliveries = t.dataSource.getRepository(NotificationDelivery);
      while (silent.connections === 0 || !(await deliveries.existsBy({ email: member.email, status: 'sending' }))) await new Promise((resolve) => setTimeout(resolve, 20));
      // Answered, and the e-mail's only attempt is still waiting for the mail server's greeting.
      expect(await deliveries.findBy({ email: member.email })).toEqual([expect.objectContaining({ status: 'sending', attempts: 1, error: null, sent_at: null })]);
    } finally {
      await silent.stop();
      await t.close();
    }
  });

  it('fails an e-mail after its attempts when the mail server hangs; an admin retry delivers it, except a one-time link, which is gone', async () => {
    const silent = await SilentSmtpServer.start();
    const port = silent.port;
    const t = await TestApp.start({ SMTP_URL: silent.url, MAIL_TIMEOUT: '400ms', MAIL_MAX_ATTEMPTS: '2', MAIL_RETRY_DELAY: '50ms' });
    let smtp: TestSmtpServer | undefined;
    try {
      const member = await t.createUser({ email: 'hung@pool.test' });
      await t.http.post('/api/password_resets').send({ email: member.email }).expect(200);
      const [reset] = await settledDeliveries(t, { email: member.email }, 10_000, 1);
      expect(reset).toEqual(expect.objectContaining({ status: 'failed', attempts: 2, error: expect.stringMatching(/greeting|timeout/i) }));
      expect(silent.connections).toBe(2);
      // The reset link failed for good: its message is deleted, the row stays for the delivery log.
      expect(await rawRows(t, member.email)).toEqual([expect.objectContaining({ kind: 'password-reset', status: 'failed', context: null })]);
      const admin = await t.adminToken();
      const log = (await t.http.get('/api/weekly_notifications/deliveries?status=failed').set(bearer(admin)).expect(200)).body;
      expect(log).toEqual([expect.objectContaining({ id: reset.id, kind: 'password-reset', status: 'failed', error: reset.error })]);

      // An e-mail without a one-time link keeps its (sealed) message when it fails, so it can be retried.
      const outbox = t.app.get(MailOutboxService);
      await outbox.enqueue(t.dataSource.manager, {
        kind: 'password-changed',
        user_id: member.id,
        email: member.email,
        subject: 'Your password was changed',
        template: 'password-changed',
        context: { email: member.email, changedAt: 'just now', how: 'by you', resetLink: 'http://pool.test/forgot-password' },
      });
      const failed = (await settledDeliveries(t, { email: member.email, kind: 'password-changed' }, 10_000, 1))[0];
      expect(failed).toEqual(expect.objectContaining({ status: 'failed', attempts: 2, context: expect.any(String) }));

      // The mail server comes back where the silent one was.
      await silent.stop();
      smtp = await TestSmtpServer.start(port);
      const retried = await t.http.post(`/api/notification_deliveries/${failed.id}/retry`).set(bearer(admin)).expect(200);
      expect(retried.body).toEqual(expect.objectContaining({ id: failed.id, status: expect.stringMatching(/queued|sending|sent/) }));
      expect((await smtp.waitFor(member.email)).subject).toMatch(/^Your password was changed/);
      expect(await settledDeliveries(t, { id: failed.id })).toEqual([expect.objectContaining({ status: 'sent', attempts: 1, error: null, context: null })]);
      // Only a failed e-mail can be retried, and a one-time link only by sending a new one.
      expect((await t.http.post(`/api/notification_deliveries/${failed.id}/retry`).set(bearer(admin)).expect(422)).body.errors[0]).toBe(
        'Only a failed e-mail can be retried (this one is sent)',
      );
      expect((await t.http.post(`/api/notification_deliveries/${reset.id}/retry`).set(bearer(admin)).expect(422)).body.errors[0]).toBe(
        'This e-mail carried a one-time link, deleted when it failed: send a new one instead',
      );
      await t.http.post('/api/notification_deliveries/999999/retry').set(bearer(admin)).expect(404);
    } finally {
      await t.close();
      await smtp?.stop();
      await silent.stop().catch(() => undefined);
    }
  });
});
