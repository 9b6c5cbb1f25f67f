import type { Test } from 'supertest';
import { PasswordReset } from '../../src/auth/entities/password-reset.entity';
import { Passkey } from '../../src/auth/passkeys/entities/passkey.entity';
import { newToken } from '../../src/common/tokens';
import type { Game } from '../../src/games/entities/game.entity';
import { Invitation } from '../../src/invitations/entities/invitation.entity';
import type { Team } from '../../src/teams/entities/team.entity';
import { User } from '../../src/users/entities/user.entity';
import { createGame, createPick, createSeason, createTeam, createWeek, dateFromNow, hoursFromNow } from './factories';
import { ADMIN, bearer, TestApp } from './test-app';

/** The readers of the least-data table (test/security/least-data.security-spec.ts) and what its rows are made of. */
export type Reader = 'anonymous' | 'member' | 'other' | 'admin';
export const READERS: Reader[] = ['anonymous', 'member', 'other', 'admin'];

export interface World {
  /** The member whose records the routes name (their picks, their profile, their reset link). */
  member: User;
  /** Another member, who has picked the same games. */
  other: User;
  admin: User;
  tokens: Record<Exclude<Reader, 'anonymous'>, string>;
  seasonId: number;
  /** A scored week, with calculated results and standings. */
  finishedWeekId: number;
  /** This week: one game still open for picks, one whose deadline has passed (its picks revealed). */
  weekId: number;
  openGame: Game;
  openHome: Team;
  pickId: number;
  conferenceId: number;
  teamId: number;
  invitationToken: string;
  invitedEmail: string;
  resetToken: string;
}

export interface Route {
  name: string;
  request: (t: TestApp, w: World, reader: Reader) => Test;
  /** Status for anonymous, member, other member, admin. */
  status: [number, number, number, number];
  fields: string[];
  /** An address the answer may carry whoever reads it: the one an e-mailed link was sent to, shown to its holder. */
  linkEmail?: (w: World) => string;
}

export const get = (path: (w: World) => string) => (t: TestApp, w: World, reader: Reader) => {
  const request = t.http.get(`/api${path(w)}`);
  return reader === 'anonymous' ? request : request.set(bearer(w.tokens[reader]));
};
export const authed = (method: 'post' | 'patch', path: string, body: (w: World) => object) => (t: TestApp, w: World, reader: Reader) => {
  const request = t.http[method](`/api${path}`);
  return (reader === 'anonymous' ? request : request.set(bearer(w.tokens[reader]))).send(body(w));
};

/** Every key path of a JSON value: `a.b`, `list.[].c`. */
export function keyPaths(value: unknown, prefix = ''): Set<string> {
  const paths = new Set<string>();
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) for (const item of node) walk(item, `${path}[].`);
    else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        paths.add(`${path}${key}`);
        walk(child, `${path}${key}.`);
      }
    }
  };
  walk(value, prefix);
  return paths;
}

/** Every [key, value] pair anywhere in a JSON value, and every string value. */
export function entries(value: unknown): { pairs: [string, unknown][]; strings: string[]; objects: Record<string, unknown>[] } {
  const pairs: [string, unknown][] = [];
  const strings: string[] = [];
  const objects: Record<string, unknown>[] = [];
  const walk = (node: unknown) => {
    if (typeof node === 'string') strings.push(node);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      objects.push(node as Record<string, unknown>);
      for (const [key, child] of Object.entries(node)) {
        pairs.push([key, child]);
        walk(child);
      }
    }
  };
  walk(value);
  return { pairs, strings, objects };
}

/** Keys no answer may carry, whoever reads it. */
export const SECRET_KEY = /password|token_version|token_hash|_hash$|^hash$|secret|salt/i;
/** A bcrypt hash, a JWT (the login answer's own token aside) or anything shaped like an e-mail address. */
export const BCRYPT = /^\$2[aby]?\$\d\d\$/;
export const JWT = /^eyJ[\w-]+\.[\w-]+\.[\w-]*$/;
export const EMAIL = /[^\s@"]+@[^\s@"]+\.[^\s@"]+/g;

/**
 * The world the least-data tests read: an admin, a member and another member, a scored week with results and
 * standings, this week with an open game and a revealed one, an invitation and a reset link. Call it inside a
 * describe: it registers the beforeAll and afterAll, and its t, w and emailOf are set once the beforeAll has run.
 */
export function leastDataWorld() {
  let t: TestApp;
  let w: World;
  const emailOf = new Map<number, string>();

  beforeAll(async () => {
    t = await TestApp.start();
    const ds = t.dataSource;
    const adminToken = await t.adminToken();
    const admin = await ds.getRepository(User).findOneByOrFail({ email: ADMIN.email });
    const member = await t.member({ name: 'Ann Member' });
    const other = await t.member({ name: 'Otto Other' });
    for (const user of [admin, member.user, other.user]) emailOf.set(user.id, user.email);

    const season = await createSeason(ds, { is_current: true });
    await ds.query('UPDATE football_seasons SET is_current = 0 WHERE id <> ?', [season.id]);
    const home = await createTeam(ds, { nickname: 'Hosts' });
    const away = await createTeam(ds, { nickname: 'Visitors' });
    const teams = { home_team_id: home.id, away_team_id: away.id };

    // Last week: scored, with results and standings calculated by the admin.
    const finished = await createWeek(ds, { football_season_id: season.id, number: 1, start_date: dateFromNow(-10), end_date: dateFromNow(-4) });
    const played = await createGame(ds, { week_id: finished.id, ...teams, status: 'completed', home_score: 21, away_score: 7, winner_team_id: home.id, game_date: hoursFromNow(-24 * 6) });
    await createPick(ds, played, member.user.id, { selected_team_id: home.id });
    await createPick(ds, played, other.user.id, { selected_team_id: away.id });
    await t.http.post(`/api/weekly_results/calculate/${finished.id}`).set(bearer(adminToken)).expect(200);
    await t.http.post(`/api/season_results/calculate/${season.id}`).set(bearer(adminToken)).expect(200);

    // This week: one game open, one past its deadline; both picked by both members.
    const week = await createWeek(ds, { football_season_id: season.id, number: 2, is_current: true });
    const openGame = await createGame(ds, { week_id: week.id, ...teams, game_date: hoursFromNow(72) });
    const revealed = await createGame(ds, { week_id: week.id, ...teams, game_date: hoursFromNow(0.5) });
    const pick = await createPick(ds, openGame, member.user.id, { selected_team_id: home.id });
    await createPick(ds, openGame, other.user.id, { selected_team_id: away.id });
    await createPick(ds, revealed, member.user.id, { selected_team_id: home.id });
    await createPick(ds, revealed, other.user.id, { selected_team_id: away.id });

    const invitation = newToken();
    const invitedEmail = `invitee-${process.pid}@pool.test`;
    await ds.getRepository(Invitation).save({ email: invitedEmail, token_hash: invitation.hash, status: 'pending', expires_at: hoursFromNow(48) });
    const reset = newToken();
    await ds.getRepository(PasswordReset).save({ user_id: member.user.id, token_hash: reset.hash, expires_at: hoursFromNow(1) });
    // A passkey for every reader (the key itself is never read back: a stand-in will do). The admin's makes the
    // password login of the admin a second step's challenge (a passkey is the admin's strong factor).
    for (const user of [member.user, other.user, admin]) {
      await ds.getRepository(Passkey).save({ user_id: user.id, credential_id: `credential-${user.id}`, public_key: 'pQ', counter: 0, name: 'Laptop' });
    }

    w = {
      member: member.user,
      other: other.user,
      admin,
      tokens: { member: member.token, other: other.token, admin: adminToken },
      seasonId: season.id,
      finishedWeekId: finished.id,
      weekId: week.id,
      openGame,
      openHome: home,
      pickId: pick.id,
      conferenceId: home.conference_id,
      teamId: home.id,
      invitationToken: invitation.token,
      invitedEmail,
      resetToken: reset.token,
    };
  });
  afterAll(() => t.close());
  const s = { t: undefined as unknown as TestApp, w: undefined as unknown as World, emailOf };
  beforeAll(() => Object.assign(s, { t, w }));
  return s;
}
