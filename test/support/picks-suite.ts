import { Game } from '../../src/games/entities/game.entity';
import { PickAudit } from '../../src/picks/entities/pick-audit.entity';
import { Pick } from '../../src/picks/entities/pick.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { User } from '../../src/users/entities/user.entity';
import { createGame } from './factories';
import { TestSmtpServer } from './smtp';
import { bearer, TestApp } from './test-app';

export const REFUSALS = {
  weekPast: 'Week completed - no changes allowed',
  deadlinePassed: 'Pick deadline has passed - no changes allowed',
  disabled: 'Picks are currently disabled',
};

/**
 * The set-up the picks API test files share: a test app that e-mails a test SMTP server, an admin session and the
 * admin's user, and requests to /api/picks. Call it inside a describe: it registers the beforeAll and afterAll, and
 * its smtp, t, admin and adminUser are set once the beforeAll has run.
 */
export function picksSuite() {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let admin: string;
  let adminUser: User;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    t = await TestApp.start({ SMTP_URL: smtp.url, APP_NAME: 'Saturday Pool' });
    admin = await t.adminToken();
    adminUser = await t.dataSource.getRepository(User).findOneByOrFail({ id: (await t.http.get('/api/me').set(bearer(admin))).body.id });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });
  const s = { smtp: undefined as unknown as TestSmtpServer, t: undefined as unknown as TestApp, admin: '', adminUser: undefined as unknown as User };
  beforeAll(() => Object.assign(s, { smtp, t, admin, adminUser }));

  const picks = () => t.dataSource.getRepository(Pick);
  const audits = () => t.dataSource.getRepository(PickAudit);

  /** A game (by default open for picks, kicking off in three days) with its two teams. */
  async function gameWithTeams(fields: Partial<Game> = {}) {
    const game = await createGame(t.dataSource, fields);
    const teams = t.dataSource.getRepository(Team);
    return { game, home: await teams.findOneByOrFail({ id: game.home_team_id }), away: await teams.findOneByOrFail({ id: game.away_team_id }) };
  }
  const post = (token: string, body: object) => t.http.post('/api/picks').set(bearer(token)).send(body);

  return Object.assign(s, { picks, audits, gameWithTeams, post });
}
