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
      .send({ email: 'NEW.member@pool.test', password: 'kickoff1', name: 'New Member', invitation_token: tokenFrom(link) })
      .expect(201);
    expect(registered.body.user).toEqual(expect.objectContaining({ email: 'new.member@pool.test', name: 'New Member', role: 'user', admin: false }));
    expect(JSON.stringify(registered.body)).not.toMatch(/password|hash/);

    const session = await t.http.post('/api/users/login').send({ email: 'new.member@pool.test', password: 'kickoff1' }).expect(200);
    const me = await t.http.get('/api/me').set(bearer(session.body.token)).expect(200);
    expect(me.body.email).toBe('new.member@pool.test');

    const list = await t.http.get('/api/invitations').set(bearer(admin)).expect(200);
    expect(list.body.find((i: { id: number }) => i.id === created.body.id).status).toBe('accepted');
  });

  it('refuses a used, expired, revoked, foreign or unknown invitation with 422 and creates nobody', async () => {
    const register = (email: string, token: string) =>
      t.http.post('/api/register').send({ email, password: 'kickoff1', name: 'Someone', invitation_token: token });

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
    expect((await t.http.post('/api/register').send({ email: 'x@pool.test', password: 'kickoff1', name: 'X' }).expect(422)).body.errors[0]).toMatch(
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
      [1, 2, 3].map(() => t.http.post('/api/register').send({ email: 'race@pool.test', password: 'kickoff1', name: 'Racer', invitation_token: token })),
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
      expect.arrayContaining(['email must be an email', 'Password must be at least 6 characters long.', 'name is required']),
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

    const register = (token: string) => t.http.post('/api/register').send({ email: 'resend@pool.test', password: 'kickoff1', name: 'R', invitation_token: token });
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
    await t.http.post('/api/register').send({ email: 'bounce@pool.test', password: 'kickoff1', name: 'B', invitation_token: token }).expect(201);
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
