import { JwtService } from '@nestjs/jwt';
import { Conference } from '../../src/teams/entities/conference.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { User } from '../../src/users/entities/user.entity';
import { UsersService } from '../../src/users/users.service';
import { ADMIN, bearer, PASSWORD, TestApp } from '../support/test-app';

describe('Login, session and the member account', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start({ LOGIN_MAX_FAILURES: '3' });
  });
  afterAll(() => t.close());

  describe('POST /api/users/login', () => {
    it('answers a JWT with exp and the user, whatever the e-mail case', async () => {
      const user = await t.createUser({ email: 'casey@pool.test', name: 'Casey' });
      const response = await t.http.post('/api/users/login').send({ email: ' Casey@POOL.test ', password: PASSWORD }).expect(200);
      expect(response.body.user).toEqual(expect.objectContaining({ id: user.id, email: 'casey@pool.test', role: 'user', admin: false }));
      const claims = JSON.parse(Buffer.from(response.body.token.split('.')[1], 'base64url').toString());
      expect(claims.sub).toBe(user.id);
      expect(claims.exp - claims.iat).toBe(12 * 3600);
      expect(JSON.stringify(response.body)).not.toMatch(/password|hash|token_version/);
    });

    it.each([
      ['a wrong password', 'casey@pool.test', 'wrong-password'],
      ['an unknown e-mail', 'nobody@pool.test', PASSWORD],
    ])('answers 401 "Invalid email or password" for %s', async (_case, email, password) => {
      const response = await t.http.post('/api/users/login').send({ email, password }).expect(401);
      expect(response.body).toEqual({ errors: ['Invalid email or password'] });
    });

    it('requires an e-mail and a password', async () => {
      const response = await t.http.post('/api/users/login').send({}).expect(422);
      expect(response.body.errors).toEqual(['email must be an email', 'password is required']);
    });

    it('throttles repeated failures for an e-mail with 429, even with the right password, and not other e-mails', async () => {
      const target = await t.createUser({ email: 'target@pool.test' });
      for (let attempt = 0; attempt < 3; attempt++) {
        await t.http.post('/api/users/login').send({ email: target.email, password: 'guess' }).expect(401);
      }
      const blocked = await t.http.post('/api/users/login').send({ email: target.email, password: PASSWORD }).expect(429);
      expect(blocked.body.errors[0]).toMatch(/^Too many failed login attempts\. Try again in \d+ minutes?\.$/);
      await t.http.post('/api/users/login').send({ email: ADMIN.email, password: ADMIN.password }).expect(200);
    });

    it('refuses a "remember" that is not true or false with 422', async () => {
      const user = await t.createUser();
      const response = await t.http.post('/api/users/login').send({ email: user.email, password: PASSWORD, remember: 'yes' }).expect(422);
      expect(response.body).toEqual({ errors: ['remember must be true or false'] });
    });

    it('answers 503, not 401, when the database cannot be asked (passport\'s local strategy passes the fault on)', async () => {
      const user = await t.createUser();
      const findByEmail = jest.spyOn(t.app.get(UsersService), 'findByEmail').mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
      try {
        const response = await t.http.post('/api/users/login').send({ email: user.email, password: PASSWORD });
        expect(response.status).toBe(503);
        expect(response.body.errors).toHaveLength(1);
      } finally {
        findByEmail.mockRestore();
      }
    });
  });

  describe('the session token', () => {
    it('is required on every non-public route', async () => {
      expect((await t.http.get('/api/me').expect(401)).body).toEqual({ errors: ['Authentication required'] });
      await t.http.get('/api/me').set(bearer('not.a.jwt')).expect(401);
    });

    it('stops working once its exp has passed', async () => {
      const { user, token } = await t.member();
      const { sid } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
      const jwt = new JwtService({ secret: t.config.jwtSecret });
      // Its session is live: only the token's exp is past.
      const expired = await jwt.signAsync({ sub: user.id, tv: 0, sid, exp: Math.floor(Date.now() / 1000) - 10 });
      const response = await t.http.get('/api/me').set(bearer(expired)).expect(401);
      expect(response.body).toEqual({ errors: ['Your session is invalid or has expired'] });
    });

    it('is refused when signed with another secret', async () => {
      const { user, token } = await t.member();
      const { sid } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
      const forged = await new JwtService({ secret: 'another-secret-another-secret-another' }).signAsync({ sub: user.id, tv: 0, sid });
      await t.http.get('/api/me').set(bearer(forged)).expect(401);
    });
  });

  describe('GET /api/me and PATCH /api/me/profile', () => {
    it('edits the profile, with the favourite team shown by name, and clears fields', async () => {
      const conference = await t.dataSource.getRepository(Conference).save({ name: 'SEC' });
      const team = await t.dataSource
        .getRepository(Team)
        .save({ name: 'Alabama', nickname: 'Crimson Tide', city: 'Tuscaloosa', state: 'AL', conference_id: conference.id, webpage_url: 'https://rolltide.com' });
      const { user, token } = await t.member();
      const updated = await t.http
        .patch('/api/me/profile')
        .set(bearer(token))
        .send({ first_name: 'Pat', last_name: 'Kicker', date_of_birth: '1990-04-21', phone: '+1 (205) 555-0100', favorite_team_id: team.id, role: 'admin' })
        .expect(200);
      expect(updated.body).toEqual(
        expect.objectContaining({
          id: user.id,
          first_name: 'Pat',
          last_name: 'Kicker',
          date_of_birth: '1990-04-21',
          phone: '+1 (205) 555-0100',
          favorite_team_id: team.id,
          favorite_team: { id: team.id, name: 'Alabama' },
          role: 'user',
        }),
      );
      const me = await t.http.get('/api/me').set(bearer(token)).expect(200);
      expect(me.body.favorite_team).toEqual({ id: team.id, name: 'Alabama' });

      const cleared = await t.http.patch('/api/me/profile').set(bearer(token)).send({ phone: '', favorite_team_id: null }).expect(200);
      expect(cleared.body).toEqual(expect.objectContaining({ phone: null, favorite_team: null, first_name: 'Pat' }));
    });

    it.each([
      [{ date_of_birth: '1990-02-30' }, 'date_of_birth must be a real calendar date'],
      [{ date_of_birth: 'yesterday' }, 'date_of_birth must be a date like 1990-04-21'],
      [{ date_of_birth: '2999-01-01' }, 'date_of_birth must be in the past'],
      [{ favorite_team_id: 99999 }, 'favorite_team_id does not match any team'],
      [{ favorite_team_id: 'Alabama' }, 'favorite_team_id must be a whole number'],
      [{ phone: 'call me' }, 'phone may contain only digits, spaces and + ( ) - .'],
    ])('refuses %j with 422 and changes nothing', async (body, message) => {
      const { user, token } = await t.member({ phone: '555' });
      const response = await t.http.patch('/api/me/profile').set(bearer(token)).send(body).expect(422);
      expect(response.body.errors[0]).toBe(message);
      const stored = await t.dataSource.getRepository(User).findOneByOrFail({ id: user.id });
      expect(stored.phone).toBe('555');
      expect(stored.date_of_birth).toBeNull();
    });
  });

  describe('PATCH /api/me/password', () => {
    const change = (token: string, body: object) => t.http.patch('/api/me/password').set(bearer(token)).send(body);

    it('changes the password, ends the other sessions and hands back a fresh token', async () => {
      const { user, token: other } = await t.member();
      const current = await t.login(user.email, PASSWORD);
      const response = await change(current, { current_password: PASSWORD, new_password: 'new-secret-pass', password_confirmation: 'new-secret-pass' }).expect(200);
      expect(response.body.message).toBe('Password updated successfully!');

      await t.http.get('/api/me').set(bearer(other)).expect(401);
      await t.http.get('/api/me').set(bearer(current)).expect(401);
      await t.http.get('/api/me').set(bearer(response.body.token)).expect(200);
      await t.http.post('/api/users/login').send({ email: user.email, password: PASSWORD }).expect(401);
      await t.login(user.email, 'new-secret-pass');
    });

    it.each([
      [{ current_password: 'wrong', new_password: 'new-secret-pass', password_confirmation: 'new-secret-pass' }, 'Current password is incorrect'],
      [{ current_password: PASSWORD, new_password: 'new-secret-pass', password_confirmation: 'other-secret' }, 'New password and confirmation do not match'],
      [{ current_password: PASSWORD, new_password: '123', password_confirmation: '123' }, 'Password must be at least 12 characters long.'],
      [{ new_password: 'new-secret-pass', password_confirmation: 'new-secret-pass' }, 'current_password is required'],
      [{ current_password: PASSWORD, new_password: 'new-secret-pass' }, 'password_confirmation is required'],
    ])('refuses %j with 422 and keeps the old password', async (body, message) => {
      const { user, token } = await t.member();
      expect((await change(token, body).expect(422)).body.errors[0]).toBe(message);
      await t.login(user.email, PASSWORD);
      await t.http.get('/api/me').set(bearer(token)).expect(200);
    });
  });
});
