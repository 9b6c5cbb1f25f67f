import { In } from 'typeorm';
import { Invitation } from '../../src/invitations/entities/invitation.entity';
import { User } from '../../src/users/entities/user.entity';
import { settledDeliveries } from '../support/outbox';
import { linkIn, TestSmtpServer } from '../support/smtp';
import { bearer, TestApp } from '../support/test-app';

describe('Invitations and registration', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    t = await TestApp.start({ SMTP_URL: smtp.url, APP_NAME: 'Saturday Pool', MAIL_MAX_ATTEMPTS: '2', MAIL_RETRY_DELAY: '50ms' });
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const invite = (email: string, token = admin) => t.http.post('/api/invitations').set(bearer(token)).send({ email });
  const tokenFrom = (link: string) => new URL(link).searchParams.get('invitation_token')!;

  it('e-mails a registration link that registers the member, who can then log in', async () => {
    const created = await invite('New.Member@Pool.test').expect(201);
    expect(created.body).toEqual(
      expect.objectContaining({ id: expect.any(Number), email: 'new.member@pool.test', status: 'pending', expires_at: expect.any(String) }),
    );
    expect(JSON.stringify(created.body)).not.toMatch(/token/);

    const mail = await smtp.waitFor('new.member@pool.test');
    expect(mail.subject).toContain('Saturday Pool');
    expect(mail.html).toContain('Saturday Pool');
    const link = linkIn(mail, '/register?invitation_token=');
    expect(link.startsWith('http://pool.test/register?invitation_token=')).toBe(true);

    const registered = await t.http
      .post('/api/register')
      .send({ email: 'NEW.member@pool.test', password: 'kickoff-season1', name: 'New Member', invitation_token: tokenFrom(link) })
      .expect(201);
    expect(registered.body.user).toEqual(expect.objectContaining({ email: 'new.member@pool.test', name: 'New Member', role: 'user', admin: false }));
    expect(JSON.stringify(registered.body)).not.toMatch(/password|hash/);

    const session = await t.http.post('/api/users/login').send({ email: 'new.member@pool.test', password: 'kickoff-season1' }).expect(200);
    const me = await t.http.get('/api/me').set(bearer(session.body.token)).expect(200);
    expect(me.body.email).toBe('new.member@pool.test');

    const list = await t.http.get('/api/invitations').set(bearer(admin)).expect(200);
    expect(list.body.find((i: { id: number }) => i.id === created.body.id).status).toBe('accepted');
  });

  it('refuses a used, expired, revoked, foreign or unknown invitation with 422 and creates nobody', async () => {
    const register = (email: string, token: string) =>
      t.http.post('/api/register').send({ email, password: 'kickoff-season1', name: 'Someone', invitation_token: token });

    await invite('used@pool.test').expect(201);
    const usedToken = tokenFrom(linkIn(await smtp.waitFor('used@pool.test'), 'invitation_token='));
    await register('used@pool.test', usedToken).expect(201);
    await t.dataSource.getRepository(User).delete({ email: 'used@pool.test' });
    expect((await register('used@pool.test', usedToken).expect(422)).body.errors[0]).toBe('This invitation has already been used');

    await invite('late@pool.test').expect(201);
    const lateToken = tokenFrom(linkIn(await smtp.waitFor('late@pool.test'), 'invitation_token='));
    await t.dataSource.getRepository(Invitation).update({ email: 'late@pool.test' }, { expires_at: new Date(Date.now() - 1000) });
    expect((await register('late@pool.test', lateToken).expect(422)).body.errors[0]).toBe('This invitation has expired. Ask for a new one.');

    const revoked = await invite('revoked@pool.test').expect(201);
    const revokedToken = tokenFrom(linkIn(await smtp.waitFor('revoked@pool.test'), 'invitation_token='));
    await t.http.delete(`/api/invitations/${revoked.body.id}`).set(bearer(admin)).expect(204);
    expect((await register('revoked@pool.test', revokedToken).expect(422)).body.errors[0]).toBe('This invitation has been withdrawn');

    await invite('owner@pool.test').expect(201);
    const ownerToken = tokenFrom(linkIn(await smtp.waitFor('owner@pool.test'), 'invitation_token='));
    expect((await register('intruder@pool.test', ownerToken).expect(422)).body.errors[0]).toBe(
      'This invitation was issued for a different e-mail address',
    );
    expect((await register('nobody@pool.test', 'not-a-token').expect(422)).body.errors[0]).toBe('This invitation link is not valid');
    expect((await t.http.post('/api/register').send({ email: 'x@pool.test', password: 'kickoff-season1', name: 'X' }).expect(422)).body.errors[0]).toMatch(
      /invitation_token is required/,
    );

    const users = t.dataSource.getRepository(User);
    for (const email of ['late@pool.test', 'revoked@pool.test', 'intruder@pool.test', 'owner@pool.test', 'nobody@pool.test', 'x@pool.test']) {
      expect(await users.existsBy({ email })).toBe(false);
    }
    // The owner's invitation is still usable after someone else tried it.
    await register('owner@pool.test', ownerToken).expect(201);
  });

  it('lets one of two simultaneous registrations with the same link through, and only one', async () => {
    await invite('race@pool.test').expect(201);
    const token = tokenFrom(linkIn(await smtp.waitFor('race@pool.test'), 'invitation_token='));
    const attempts = await Promise.all(
      [1, 2, 3].map(() => t.http.post('/api/register').send({ email: 'race@pool.test', password: 'kickoff-season1', name: 'Racer', invitation_token: token })),
    );
    expect(attempts.filter((response) => response.status === 201)).toHaveLength(1);
    for (const refused of attempts.filter((response) => response.status !== 201)) {
      expect([409, 422]).toContain(refused.status);
      expect(refused.body.errors).toHaveLength(1);
    }
    expect(await t.dataSource.getRepository(User).countBy({ email: 'race@pool.test' })).toBe(1);
  });

  it('checks the registration fields', async () => {
    const response = await t.http.post('/api/register').send({ email: 'not-an-email', password: '123', name: '', invitation_token: 'x' }).expect(422);
    expect(response.body.errors).toEqual(
      expect.arrayContaining(['email must be an email', 'Password must be at least 12 characters long.', 'name is required']),
    );
  });

  it('refuses to invite an e-mail that has an account or a pending invitation, or is not an e-mail', async () => {
    expect((await invite('admin@pool.test').expect(409)).body.errors[0]).toBe('admin@pool.test already has an account');
    await invite('twice@pool.test').expect(201);
    expect((await invite('TWICE@pool.test').expect(409)).body.errors[0]).toBe('twice@pool.test already has a pending invitation');
    expect((await invite('nope').expect(422)).body.errors[0]).toBe('email must be an email');
    expect((await t.http.post('/api/invitations').set(bearer(admin)).send({}).expect(422)).body.errors[0]).toBe('email must be an email');
  });

  it('resends with a new link and expiry; the old link stops working', async () => {
    const created = await invite('resend@pool.test').expect(201);
    const first = tokenFrom(linkIn(await smtp.waitFor('resend@pool.test', 1), 'invitation_token='));
    await t.dataSource.getRepository(Invitation).update(created.body.id, { expires_at: new Date(Date.now() - 1000) });
    expect((await t.http.get('/api/invitations').set(bearer(admin))).body.find((i: { id: number }) => i.id === created.body.id).status).toBe('expired');

    const resent = await t.http.post(`/api/invitations/${created.body.id}/resend`).set(bearer(admin)).expect(200);
    expect(resent.body.status).toBe('pending');
    expect(new Date(resent.body.expires_at).getTime()).toBeGreaterThan(Date.now() + 13 * 24 * 3600 * 1000);
    const second = tokenFrom(linkIn(await smtp.waitFor('resend@pool.test', 2), 'invitation_token='));
    expect(second).not.toBe(first);

    const register = (token: string) => t.http.post('/api/register').send({ email: 'resend@pool.test', password: 'kickoff-season1', name: 'R', invitation_token: token });
    await register(first).expect(422);
    await register(second).expect(201);
    await t.http.post(`/api/invitations/${created.body.id}/resend`).set(bearer(admin)).expect(422);
  });

  it('shows an invitation whose e-mail failed for good on GET /api/invitations, and a resend delivers a new link', async () => {
    smtp.refuse.add('bounce@pool.test');
    let created;
    try {
      // The mail server is not asked before the answer: the invitation is saved with its e-mail queued.
      created = await invite('bounce@pool.test').expect(201);
      expect(created.body).toEqual(expect.objectContaining({ status: 'pending', email_status: expect.stringMatching(/queued|sending/) }));
      await settledDeliveries(t, { invitation_id: created.body.id });
    } finally {
      smtp.refuse.clear();
    }
    const listed = (await t.http.get('/api/invitations').set(bearer(admin)).expect(200)).body.find((i: { id: number }) => i.id === created.body.id);
    expect(listed).toEqual(expect.objectContaining({ status: 'pending', email_status: 'failed', email_error: expect.stringMatching(/550|unavailable/) }));
    expect(smtp.to('bounce@pool.test')).toHaveLength(0);

    const resent = await t.http.post(`/api/invitations/${created.body.id}/resend`).set(bearer(admin)).expect(200);
    expect(resent.body.email_status).toMatch(/queued|sending|sent/);
    const token = tokenFrom(linkIn(await smtp.waitFor('bounce@pool.test'), 'invitation_token='));
    await settledDeliveries(t, { invitation_id: created.body.id });
    const after = (await t.http.get(`/api/invitations/${created.body.id}`).set(bearer(admin)).expect(200)).body;
    expect(after).toEqual(expect.objectContaining({ email_status: 'sent', email_error: null }));
    await t.http.post('/api/register').send({ email: 'bounce@pool.test', password: 'kickoff-season1', name: 'B', invitation_token: token }).expect(201);
  });

  it("lists invitations newest first, and in react-admin's dialect with a search and Content-Range", async () => {
    await invite('listed-one@pool.test').expect(201);
    await invite('listed-two@pool.test').expect(201);
    const all = await t.http.get('/api/invitations').set(bearer(admin)).expect(200);
    expect(all.headers['content-range']).toBeUndefined();
    expect(all.body.slice(0, 2).map((i: { email: string }) => i.email)).toEqual(['listed-two@pool.test', 'listed-one@pool.test']);
    const page = await t.http
      .get('/api/invitations')
      .query({ filter: JSON.stringify({ q: 'LISTED-' }), range: JSON.stringify([0, 9]) })
      .set(bearer(admin))
      .expect(200);
    expect(page.headers['content-range']).toBe('invitations 0-1/2');
  });

  describe('GET /api/invitation_tokens/{token}', () => {
    const lookup = (token: string) => t.http.get(`/api/invitation_tokens/${encodeURIComponent(token)}`);

    it('answers the e-mail a pending link was issued for, without a session', async () => {
      await invite('Lookup@Pool.test').expect(201);
      const token = tokenFrom(linkIn(await smtp.waitFor('lookup@pool.test'), 'invitation_token='));
      expect((await lookup(token).expect(200)).body).toEqual({ email: 'lookup@pool.test' });
    });

    it('answers 404 for an unknown link and 410 for a used, withdrawn or expired one, with the texts registration uses', async () => {
      expect((await lookup('not-a-token').expect(404)).body).toEqual({ errors: ['This invitation link is not valid'] });

      await invite('lookup-used@pool.test').expect(201);
      const used = tokenFrom(linkIn(await smtp.waitFor('lookup-used@pool.test'), 'invitation_token='));
      await t.http.post('/api/register').send({ email: 'lookup-used@pool.test', password: 'kickoff-season1', name: 'U', invitation_token: used }).expect(201);
      expect((await lookup(used).expect(410)).body).toEqual({ errors: ['This invitation has already been used'] });

      const withdrawn = await invite('lookup-withdrawn@pool.test').expect(201);
      const withdrawnToken = tokenFrom(linkIn(await smtp.waitFor('lookup-withdrawn@pool.test'), 'invitation_token='));
      await t.http.delete(`/api/invitations/${withdrawn.body.id}`).set(bearer(admin)).expect(204);
      expect((await lookup(withdrawnToken).expect(410)).body).toEqual({ errors: ['This invitation has been withdrawn'] });

      const late = await invite('lookup-late@pool.test').expect(201);
      const lateToken = tokenFrom(linkIn(await smtp.waitFor('lookup-late@pool.test'), 'invitation_token='));
      expect((await lookup(lateToken).expect(200)).body).toEqual({ email: 'lookup-late@pool.test' });
      await t.dataSource.getRepository(Invitation).update(late.body.id, { expires_at: new Date(Date.now() - 1000) });
      expect((await lookup(lateToken).expect(410)).body).toEqual({ errors: ['This invitation has expired. Ask for a new one.'] });
    });
  });

  describe('POST /api/invitations/bulk', () => {
    const bulk = (body: unknown, token = admin) => t.http.post('/api/invitations/bulk').set(bearer(token)).send(body as object);

    it('invites every valid new address with its e-mail queued, and reports each skipped one with its reason', async () => {
      await t.createUser({ email: 'bulk-member@pool.test' });
      await invite('bulk-pending@pool.test').expect(201);
      const expired = await invite('bulk-expired@pool.test').expect(201);
      await t.dataSource.getRepository(Invitation).update(expired.body.id, { expires_at: new Date(Date.now() - 1000) });
      const before = await t.dataSource.getRepository(Invitation).count();

      const response = await bulk({
        emails: [
          ' Bulk-One@Pool.test ',
          'not an address',
          'bulk-two@pool.test',
          'BULK-ONE@pool.test',
          'Bulk-Member@pool.test',
          'bulk-pending@pool.test',
          '',
          'bulk-expired@pool.test',
        ],
      }).expect(200);
      expect(response.body.skipped).toEqual([
        { email: 'not an address', reason: 'not a valid e-mail address' },
        { email: 'BULK-ONE@pool.test', reason: 'listed twice' },
        { email: 'Bulk-Member@pool.test', reason: 'already has an account' },
        { email: 'bulk-pending@pool.test', reason: 'already has a pending invitation' },
        { email: '', reason: 'not a valid e-mail address' },
      ]);
      expect(response.body.invitations.map((i: { email: string }) => i.email)).toEqual(['bulk-one@pool.test', 'bulk-two@pool.test', 'bulk-expired@pool.test']);
      const listed = (await t.http.get('/api/invitations').set(bearer(admin)).expect(200)).body as { id: number; email: string }[];
      for (const made of response.body.invitations) {
        expect(made).toEqual(expect.objectContaining({ status: 'pending', invited_by: expect.objectContaining({ id: expect.any(Number) }), email_status: expect.stringMatching(/queued|sending|sent/) }));
        const { email_status: _status, email_error: _error, ...stable } = made;
        expect(listed.find((i) => i.id === made.id)).toEqual(expect.objectContaining(stable));
      }
      expect(JSON.stringify(response.body)).not.toMatch(/token/);
      expect(await t.dataSource.getRepository(Invitation).count()).toBe(before + 3);

      // Each invitation's e-mail carries its own link, which registers that address.
      for (const email of ['bulk-one@pool.test', 'bulk-two@pool.test']) {
        const token = tokenFrom(linkIn(await smtp.waitFor(email), 'invitation_token='));
        expect((await t.http.get(`/api/invitation_tokens/${token}`).expect(200)).body).toEqual({ email });
      }
      const deliveries = await settledDeliveries(t, { invitation_id: In(response.body.invitations.map((i: { id: number }) => i.id)) });
      expect(deliveries.map((delivery) => [delivery.email, delivery.status])).toEqual([
        ['bulk-one@pool.test', 'sent'],
        ['bulk-two@pool.test', 'sent'],
        ['bulk-expired@pool.test', 'sent'],
      ]);
    });

    it('answers an empty result when nothing can be invited, writing nothing', async () => {
      const before = await t.dataSource.getRepository(Invitation).count();
      const response = await bulk({ emails: ['admin@pool.test', 'nope'] }).expect(200);
      expect(response.body).toEqual({
        invitations: [],
        skipped: [
          { email: 'admin@pool.test', reason: 'already has an account' },
          { email: 'nope', reason: 'not a valid e-mail address' },
        ],
      });
      expect(await t.dataSource.getRepository(Invitation).count()).toBe(before);
    });

    const LIST = 'emails must be a list of 1 to 2000 e-mail addresses';
    it.each<[string, unknown, string]>([
      ['no body', undefined, LIST],
      ['no list', {}, LIST],
      ['a list that is not one', { emails: 'a@pool.test' }, LIST],
      ['an empty list', { emails: [] }, LIST],
      ['a list of 2,001', { emails: Array.from({ length: 2001 }, (_, i) => `many-${i}@pool.test`) }, LIST],
      ['a number in the list', { emails: ['a@pool.test', 7] }, 'emails must hold text only'],
      ['a bare list', ['a@pool.test'], LIST],
    ])('refuses %s with 400, inviting nobody', async (_label, body, message) => {
      const before = await t.dataSource.getRepository(Invitation).count();
      const response = await bulk(body).expect(400);
      expect(response.body).toEqual({ errors: [message] });
      expect(await t.dataSource.getRepository(Invitation).count()).toBe(before);
    });

    it('takes 200 addresses at once', async () => {
      const emails = Array.from({ length: 200 }, (_, i) => `crowd-${i}@pool.test`);
      const response = await bulk({ emails }).expect(200);
      expect(response.body.invitations).toHaveLength(200);
      expect(response.body.skipped).toEqual([]);
    });

    it('is for admins only', async () => {
      const { token } = await t.member();
      await bulk({ emails: ['sneaky-bulk@pool.test'] }, token).expect(403);
      await t.http.post('/api/invitations/bulk').send({ emails: ['sneaky-bulk@pool.test'] }).expect(401);
      expect(await t.dataSource.getRepository(Invitation).existsBy({ email: 'sneaky-bulk@pool.test' })).toBe(false);
    });
  });

  it('is for admins only', async () => {
    const { token } = await t.member();
    await t.http.get('/api/invitations').set(bearer(token)).expect(403);
    await invite('sneaky@pool.test', token).expect(403);
    await t.http.get('/api/invitations').expect(401);
    await t.http.post('/api/invitations').send({ email: 'a@pool.test' }).expect(401);
    await t.http.delete('/api/invitations/1').expect(401);
    await t.http.delete('/api/invitations/99999').set(bearer(admin)).expect(404);
    await t.http.delete('/api/invitations/abc').set(bearer(admin)).expect(400);
  });
});
