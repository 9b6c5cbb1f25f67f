import { createHash } from 'node:crypto';
import { Invitation } from '../../src/invitations/entities/invitation.entity';
import { NotificationDelivery } from '../../src/mail/entities/notification-delivery.entity';
import { SurvivorContest } from '../../src/survivor/entities/survivor-contest.entity';
import { SurvivorEntry } from '../../src/survivor/entities/survivor-entry.entity';
import { SurvivorPick } from '../../src/survivor/entities/survivor-pick.entity';
import { createConference, createGame, createPick, createSeason, createTeam, createWeek, hoursFromNow } from '../support/factories';
import { bearer, PASSWORD, TestApp } from '../support/test-app';

/**
 * Who may do what: every route of the API with the status it answers to an anonymous visitor, a member, another
 * member (for records the first member owns) and an admin. This table is the one place the permission model is
 * written down; each row runs against records made fresh for it.
 */
type Role = 'anonymous' | 'member' | 'other' | 'admin';
const ROLES: Role[] = ['anonymous', 'member', 'other', 'admin'];

interface World {
  memberId: number;
  seasonId: number;
  weekId: number;
  gameId: number;
  homeName: string;
  awayName: string;
  pickId: number;
  conferenceId: number;
  teamId: number;
  finishedWeekId: number;
  spareUserId: number;
  invitationId: number;
  failedDeliveryId: number;
  emptySeasonId: number;
  bareSeasonId: number;
  emptyWeekId: number;
  spareGameId: number;
  spareConferenceId: number;
  spareTeamId: number;
  /** The survivor contest of the world's season, from its week: the member entered, with a pick of the open game. */
  survivorContestId: number;
  survivorPickId: number;
  /** A spare member's entry of that contest. */
  survivorEntryId: number;
  /** The public id of one of the member's sessions (a fresh one where the row ends sessions). */
  memberSessionId: string;
  unique: string;
}

interface Row {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: (w: World) => string;
  body?: (w: World) => object;
  /** Expected status for anonymous, member, other member, admin. */
  expect: [number, number, number, number];
  /** The row ends sessions: it runs with a fresh session of its role, and the world gets a fresh one of the member's. */
  freshSessions?: boolean;
}

const row = (method: Row['method'], path: Row['path'], expect: Row['expect'], body?: Row['body'], freshSessions = false): Row => ({
  method,
  path,
  expect,
  body,
  freshSessions,
});

const TABLE: Row[] = [
  // Public
  row('get', () => '/health', [200, 200, 200, 200]),
  row('get', () => '/app_config', [200, 200, 200, 200]),
  row('post', () => '/users/login', [401, 401, 401, 401], () => ({ email: 'nobody@pool.test', password: 'wrong-password' })),
  row('post', () => '/register', [422, 422, 422, 422], () => ({ email: 'x@pool.test', password: 'secret1', name: 'X', invitation_token: 'not-a-token' })),
  row('post', () => '/password_resets', [200, 200, 200, 200], () => ({ email: 'nobody@pool.test' })),
  row('get', () => '/password_resets/not-a-token', [404, 404, 404, 404]),
  row('get', () => '/invitation_tokens/not-a-token', [404, 404, 404, 404]),
  row('patch', () => '/password_resets/not-a-token', [404, 404, 404, 404], () => ({ password_reset: { password: 'secret-twelve', password_confirmation: 'secret-twelve' } })),
  row('post', () => '/users/login/second_factor', [401, 401, 401, 401], () => ({ challenge: 'not-a-challenge', code: '123456' })),
  // Account
  row('get', () => '/me', [401, 200, 200, 200]),
  row('patch', () => '/me/profile', [401, 200, 200, 200], () => ({ phone: '555-0100' })),
  row('patch', () => '/me/password', [401, 422, 422, 422], () => ({ current_password: 'not-it', new_password: 'another1', password_confirmation: 'another1' })),
  row('post', () => '/me/reauthenticate', [401, 422, 422, 422], () => ({ password: 'not-it' })),
  // Second factor: admins' own (the test app runs with ADMIN_SECOND_FACTOR=optional; this admin has none confirmed)
  row('get', () => '/me/second_factor', [401, 403, 403, 200]),
  row('post', () => '/me/second_factor/totp', [401, 403, 403, 200]),
  row('put', () => '/me/second_factor/totp', [401, 403, 403, 422], () => ({ code: '000000' })),
  row('delete', () => '/me/second_factor/totp', [401, 403, 403, 404]),
  row('post', () => '/me/second_factor/recovery_codes', [401, 403, 403, 422]),
  row('post', () => '/me/reauthenticate/code', [401, 403, 403, 422], () => ({ code: '000000' })),
  row('delete', (w) => `/users/${w.spareUserId}/second_factor`, [401, 403, 403, 422]),
  // Sessions: each of these rows signs in afresh, so ending a session does not end the table's own tokens
  row('post', () => '/logout', [401, 204, 204, 204], undefined, true),
  row('post', () => '/logout_everywhere', [401, 204, 204, 204], undefined, true),
  row('get', () => '/me/sessions', [401, 200, 200, 200]),
  // Passkeys (another member's passkey: test/api/passkeys.e2e-spec.ts)
  row('get', () => '/me/passkeys', [401, 200, 200, 200]),
  row('post', () => '/me/passkeys/options', [401, 200, 200, 200]),
  row('post', () => '/me/passkeys', [401, 422, 422, 422], () => ({ name: 'Key', response: {} })),
  row('patch', () => '/me/passkeys/999999', [401, 404, 404, 404], () => ({ name: 'Key' })),
  row('put', () => '/me/passkeys/999999', [401, 404, 404, 404], () => ({ name: 'Key' })),
  row('delete', () => '/me/passkeys/999999', [401, 404, 404, 404]),
  row('post', () => '/passkeys/login/options', [200, 200, 200, 200]),
  row('post', () => '/passkeys/login', [422, 422, 422, 422], () => ({ response: {} })),
  row('post', () => '/me/reauthenticate/passkey/options', [401, 200, 200, 200]),
  row('post', () => '/me/reauthenticate/passkey', [401, 422, 422, 422], () => ({ response: {} })),
  row('delete', (w) => `/me/sessions/${w.memberSessionId}`, [401, 204, 404, 404], undefined, true),
  // Users and invitations: admin only
  row('get', () => '/users', [401, 403, 403, 200]),
  row('get', (w) => `/users/${w.memberId}`, [401, 403, 403, 200]),
  row('patch', (w) => `/users/${w.spareUserId}`, [401, 403, 403, 200], () => ({ wins: 3 })),
  row('put', (w) => `/users/${w.spareUserId}`, [401, 403, 403, 200], () => ({ losses: 2 })),
  row('delete', (w) => `/users/${w.spareUserId}`, [401, 403, 403, 204]),
  row('get', () => '/invitations', [401, 403, 403, 200]),
  row('get', (w) => `/invitations/${w.invitationId}`, [401, 403, 403, 200]),
  row('post', () => '/invitations', [401, 403, 403, 201], (w) => ({ email: `invitee-${w.unique}@pool.test` })),
  row('post', () => '/invitations/bulk', [401, 403, 403, 200], (w) => ({ emails: [`bulk-${w.unique}@pool.test`] })),
  row('post', (w) => `/invitations/${w.invitationId}/resend`, [401, 403, 403, 200]),
  row('delete', (w) => `/invitations/${w.invitationId}`, [401, 403, 403, 204]),
  // Reference data: members read, admins write
  row('get', () => '/conferences', [401, 200, 200, 200]),
  row('get', (w) => `/conferences/${w.conferenceId}`, [401, 200, 200, 200]),
  row('post', () => '/conferences', [401, 403, 403, 201], (w) => ({ name: `Permission Conference ${w.unique}` })),
  row('patch', (w) => `/conferences/${w.spareConferenceId}`, [401, 403, 403, 200], (w) => ({ name: `Renamed ${w.unique}` })),
  row('put', (w) => `/conferences/${w.spareConferenceId}`, [401, 403, 403, 200], (w) => ({ name: `Renamed ${w.unique}` })),
  row('delete', (w) => `/conferences/${w.spareConferenceId}`, [401, 403, 403, 204]),
  row('get', () => '/teams', [401, 200, 200, 200]),
  row('get', (w) => `/teams/${w.teamId}`, [401, 200, 200, 200]),
  row('post', () => '/teams', [401, 403, 403, 201], (w) => ({
    name: `Permission Team ${w.unique}`,
    city: 'Athens',
    state: 'GA',
    conference_id: w.conferenceId,
    webpage_url: 'https://example.com',
  })),
  row('patch', (w) => `/teams/${w.spareTeamId}`, [401, 403, 403, 200], () => ({ wins: 4 })),
  row('put', (w) => `/teams/${w.spareTeamId}`, [401, 403, 403, 200], () => ({ losses: 1 })),
  row('delete', (w) => `/teams/${w.spareTeamId}`, [401, 403, 403, 204]),
  row('get', () => '/teams.csv', [401, 403, 403, 200]),
  row('post', () => '/teams/import', [401, 403, 403, 200], (w) => ({ csv: `name,conference\nPermission FCS Team ${w.unique},FCS\n` })),
  // Seasons and weeks
  row('get', () => '/football_seasons', [401, 200, 200, 200]),
  row('get', () => '/football_seasons/current', [401, 200, 200, 200]),
  row('get', (w) => `/football_seasons/${w.seasonId}`, [401, 200, 200, 200]),
  row('post', () => '/football_seasons', [401, 403, 403, 201], (w) => ({ name: `Permission Season ${w.unique}`, start_date: '2030-08-30', end_date: '2030-12-13' })),
  row('patch', (w) => `/football_seasons/${w.emptySeasonId}`, [401, 403, 403, 200], (w) => ({ name: `Renamed ${w.unique}` })),
  row('put', (w) => `/football_seasons/${w.emptySeasonId}`, [401, 403, 403, 200], (w) => ({ name: `Renamed ${w.unique}` })),
  row('patch', (w) => `/football_seasons/${w.bareSeasonId}/make_current`, [401, 403, 403, 200]),
  row('delete', (w) => `/football_seasons/${w.bareSeasonId}`, [401, 403, 403, 204]),
  row('get', () => '/weeks', [401, 200, 200, 200]),
  row('get', () => '/weeks/current', [401, 200, 200, 200]),
  row('get', (w) => `/weeks/${w.weekId}`, [401, 200, 200, 200]),
  row('post', () => '/weeks', [401, 403, 403, 201], (w) => ({ number: 9, start_date: '2030-09-01', end_date: '2030-09-07', football_season_id: w.emptySeasonId })),
  row('patch', (w) => `/weeks/${w.emptyWeekId}`, [401, 403, 403, 200], () => ({ number: 12 })),
  row('put', (w) => `/weeks/${w.emptyWeekId}`, [401, 403, 403, 200], () => ({ number: 13 })),
  row('delete', (w) => `/weeks/${w.emptyWeekId}`, [401, 403, 403, 204]),
  row('get', (w) => `/weeks/${w.weekId}/games.csv`, [401, 403, 403, 200]),
  // Games
  row('get', () => '/games', [401, 200, 200, 200]),
  row('get', (w) => `/games?week_id=${w.weekId}`, [401, 200, 200, 200]),
  row('get', (w) => `/games/${w.gameId}`, [401, 200, 200, 200]),
  row('get', (w) => `/games/${w.gameId}/history`, [401, 403, 403, 200]),
  row('post', () => '/games', [401, 403, 403, 201], (w) => ({
    week_id: w.weekId,
    home_team_id: w.teamId,
    away_team_id: w.spareTeamId,
    game_date: hoursFromNow(100).toISOString(),
  })),
  row('patch', (w) => `/games/${w.spareGameId}`, [401, 403, 403, 200], () => ({ name: 'Rivalry Week' })),
  row('put', (w) => `/games/${w.spareGameId}`, [401, 403, 403, 200], () => ({ name: 'Rivalry Week' })),
  row('delete', (w) => `/games/${w.spareGameId}`, [401, 403, 403, 204]),
  // The score sync: admin only (an invalid week, so the admin's request is refused before any provider is asked).
  row('post', () => '/score_sync', [401, 403, 403, 422], () => ({ week_id: 0 })),
  // Imports (docs/imports.md): admin only; the admin's requests here are refused before any provider is asked.
  row('get', () => '/providers', [401, 403, 403, 200]),
  row('get', () => '/imports', [401, 403, 403, 200]),
  row('get', () => '/imports/999999', [401, 403, 403, 404]),
  row('post', () => '/imports', [401, 403, 403, 422], () => ({})),
  row('post', () => '/imports/999999/apply', [401, 403, 403, 404], () => ({ games: [] })),
  row('post', (w) => `/football_seasons/${w.bareSeasonId}/weeks/import`, [401, 403, 403, 422], () => ({ provider: 'scoreboard' })),
  row('get', () => '/team_mappings', [401, 403, 403, 200]),
  row('post', () => '/team_mappings', [401, 403, 403, 422], () => ({})),
  row('delete', () => '/team_mappings/999999', [401, 403, 403, 404]),
  // Picks: a member's own, never another's; admins override
  row('get', (w) => `/picks?week_id=${w.weekId}&user_id=${w.memberId}`, [401, 200, 403, 200]),
  row('get', () => '/picks', [401, 200, 200, 200]),
  row('get', (w) => `/picks/${w.pickId}`, [401, 200, 404, 200]),
  row('get', (w) => `/picks/${w.pickId}/history`, [401, 403, 403, 200]),
  row('post', () => '/picks', [401, 200, 201, 422], (w) => ({ game_id: w.gameId, selected_winner: w.awayName, week_id: w.weekId })),
  row('post', () => '/picks', [401, 200, 403, 200], (w) => ({ game_id: w.gameId, selected_winner: w.awayName, user_id: w.memberId, reason: 'Phoned in' })),
  row('patch', (w) => `/picks/${w.pickId}`, [401, 200, 404, 200], (w) => ({ selected_winner: w.awayName })),
  row('put', (w) => `/picks/${w.pickId}`, [401, 200, 404, 200], (w) => ({ game_id: w.gameId, selected_winner: w.awayName })),
  row('delete', (w) => `/picks/${w.pickId}`, [401, 204, 404, 204]),
  row('get', (w) => `/weeks/${w.weekId}/pick_grid`, [401, 200, 200, 200]),
  // Saturday (docs/saturday.md): the live board and awards are every signed-in reader's; the calendar is the member's own
  row('get', () => '/live', [401, 200, 200, 200]),
  row('get', () => '/live/status', [401, 200, 200, 200]),
  row('get', (w) => `/weeks/${w.weekId}/live`, [401, 200, 200, 200]),
  row('get', () => '/live/members', [401, 200, 200, 200]),
  row('get', (w) => `/weeks/${w.weekId}/live/members`, [401, 200, 200, 200]),
  row('get', (w) => `/weeks/${w.finishedWeekId}/awards`, [401, 200, 200, 200]),
  row('get', () => '/me/calendar', [401, 200, 200, 200]),
  row('patch', () => '/me/calendar', [401, 200, 200, 200], () => ({ mode: 'games' })),
  row('post', () => '/me/calendar/rotate', [401, 200, 200, 200]),
  row('get', () => '/me/notification_preferences', [401, 200, 200, 200]),
  row('patch', () => '/me/notification_preferences', [401, 200, 200, 200], () => ({ reminders: { email: true } })),
  // One-click unsubscribe: no session, the signed token is the proof
  row('get', () => '/unsubscribe?token=not-a-token', [404, 404, 404, 404]),
  row('post', () => '/unsubscribe?token=not-a-token', [404, 404, 404, 404]),
  row('get', () => '/calendar/not-a-token', [404, 404, 404, 404]),
  // Push (docs/push.md): the key is public; devices are each member's own (the subscription tests cover another's device)
  row('get', () => '/push/public_key', [200, 200, 200, 200]),
  row('get', () => '/me/push_subscriptions', [401, 200, 200, 200]),
  row('post', () => '/me/push_subscriptions', [401, 422, 422, 422], () => ({ endpoint: 'https://attacker.example/hook', keys: {} })),
  row('delete', () => '/me/push_subscriptions/999999', [401, 404, 404, 404]),
  // Results
  row('get', (w) => `/weekly_results?week_id=${w.finishedWeekId}`, [401, 200, 200, 200]),
  row('post', (w) => `/weekly_results/calculate/${w.finishedWeekId}`, [401, 403, 403, 200]),
  row('post', (w) => `/weekly_results/calculate/${w.finishedWeekId}?dry_run=true`, [401, 403, 403, 200]),
  row('get', (w) => `/weekly_results/status?week_id=${w.finishedWeekId}`, [401, 403, 403, 200]),
  row('post', (w) => `/season_results/calculate/${w.seasonId}`, [401, 403, 403, 200]),
  row('get', (w) => `/season_results/standings/${w.seasonId}`, [401, 200, 200, 200]),
  row('get', (w) => `/season_results/${w.seasonId}/by_week`, [401, 200, 200, 200]),
  row('get', () => '/standings', [401, 200, 200, 200]),
  // Survivor results (docs/pool-formats.md#survivor)
  row('post', (w) => `/survivor_contests/${w.survivorContestId}/calculate`, [401, 403, 403, 200]),
  // Survivor (docs/pool-formats.md#survivor#routes): admins run contests and see picks; every member plays
  row('get', () => '/survivor_contests', [401, 403, 403, 200]),
  row('get', (w) => `/survivor_contests/${w.survivorContestId}`, [401, 403, 403, 200]),
  row('post', () => '/survivor_contests', [401, 403, 403, 201], (w) => ({ football_season_id: w.emptySeasonId })),
  row('patch', (w) => `/survivor_contests/${w.survivorContestId}`, [401, 403, 403, 200], () => ({ name: 'Renamed' })),
  row('put', (w) => `/survivor_contests/${w.survivorContestId}`, [401, 403, 403, 200], () => ({ lives: 2 })),
  row('delete', (w) => `/survivor_contests/${w.survivorContestId}`, [401, 403, 403, 409]),
  row('patch', (w) => `/survivor_contests/${w.survivorContestId}/entries_paid`, [401, 403, 403, 200], (w) => ({ user_ids: [w.memberId], paid: true })),
  row('get', (w) => `/survivor_entries?filter=${encodeURIComponent(JSON.stringify({ survivor_contest_id: w.survivorContestId }))}`, [401, 403, 403, 200]),
  row('post', () => '/survivor_entries', [401, 403, 403, 201], (w) => ({ survivor_contest_id: w.survivorContestId, user_id: w.spareUserId })),
  row('delete', (w) => `/survivor_entries/${w.survivorEntryId}`, [401, 403, 403, 204]),
  row('get', (w) => `/survivor_picks?filter=${encodeURIComponent(JSON.stringify({ survivor_contest_id: w.survivorContestId }))}`, [401, 403, 403, 200]),
  row('get', (w) => `/survivor_picks/${w.survivorPickId}`, [401, 403, 403, 200]),
  row('post', () => '/survivor_picks', [401, 403, 403, 200], (w) => ({ survivor_contest_id: w.survivorContestId, user_id: w.memberId, week_id: w.weekId, team_id: w.teamId, reason: 'Asked by phone' })),
  row('patch', (w) => `/survivor_picks/${w.survivorPickId}`, [401, 403, 403, 200], (w) => ({ team_id: w.teamId, reason: 'Asked by phone' })),
  row('put', (w) => `/survivor_picks/${w.survivorPickId}`, [401, 403, 403, 200], (w) => ({ team_id: w.teamId })),
  row('delete', (w) => `/survivor_picks/${w.survivorPickId}`, [401, 403, 403, 204]),
  row('get', () => '/survivor_pick_audits', [401, 403, 403, 200]),
  row('get', () => '/survivor', [401, 200, 200, 200]),
  row('post', (w) => `/survivor/${w.survivorContestId}/entry`, [401, 409, 201, 422]),
  row('delete', (w) => `/survivor/${w.survivorContestId}/entry`, [401, 204, 422, 422]),
  row('get', (w) => `/survivor/${w.survivorContestId}/board`, [401, 200, 200, 200]),
  row('get', (w) => `/weeks/${w.weekId}/survivor_pick`, [401, 200, 200, 200]),
  row('put', (w) => `/weeks/${w.weekId}/survivor_pick`, [401, 200, 422, 422], (w) => ({ team_id: w.teamId })),
  row('delete', (w) => `/weeks/${w.weekId}/survivor_pick`, [401, 204, 422, 422]),
  // Entry fees (docs/pool-formats.md#entry-fees-and-payouts): every member reads the pot; admins mark who paid
  row('get', (w) => `/seasons/${w.seasonId}/pot`, [401, 200, 200, 200]),
  row('get', (w) => `/entry_payments?filter=${encodeURIComponent(JSON.stringify({ football_season_id: w.seasonId }))}`, [401, 403, 403, 200]),
  row('patch', (w) => `/seasons/${w.seasonId}/entry_payments`, [401, 403, 403, 200], (w) => ({ user_ids: [w.memberId], paid: true })),
  // Weekly e-mails and scheduled jobs: admin only (the fresh week has 2 games, so preview and send refuse it)
  row('get', (w) => `/weekly_notifications/validate?week_id=${w.weekId}`, [401, 403, 403, 200]),
  row('get', (w) => `/weekly_notifications/preview?week_id=${w.weekId}`, [401, 403, 403, 422]),
  row('post', () => '/weekly_notifications/send', [401, 403, 403, 422], (w) => ({ week_id: w.weekId })),
  row('get', (w) => `/weekly_notifications/deliveries?week_id=${w.weekId}`, [401, 403, 403, 200]),
  row('get', (w) => `/weekly_notifications/status?week_id=${w.weekId}`, [401, 403, 403, 200]),
  row('post', (w) => `/notification_deliveries/${w.failedDeliveryId}/retry`, [401, 403, 403, 200]),
  row('get', (w) => `/weeks/${w.weekId}/missing_picks`, [401, 403, 403, 200]),
  row('post', (w) => `/weeks/${w.weekId}/missing_picks/remind`, [401, 403, 403, 200]),
  row('post', (w) => `/weeks/${w.weekId}/missing_picks/${w.memberId}/remind`, [401, 403, 403, 200]),
  row('get', () => '/jobs', [401, 403, 403, 200]),
  // The security log: admins read it, nobody writes it through the API
  row('get', () => '/security_events', [401, 403, 403, 200]),
];

describe('Who may do what', () => {
  let t: TestApp;
  const tokens: Partial<Record<Role, string>> = {};
  let memberId: number;
  let memberEmail: string;
  let otherEmail: string;
  let serial = 0;

  beforeAll(async () => {
    t = await TestApp.start();
    tokens.admin = await t.adminToken();
    const member = await t.member();
    memberId = member.user.id;
    memberEmail = member.user.email;
    tokens.member = member.token;
    const other = await t.member();
    otherEmail = other.user.email;
    tokens.other = other.token;
  });

  const sessionIdOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;
  const freshToken = async (role: Role): Promise<string | undefined> => {
    if (role === 'anonymous') return undefined;
    return role === 'admin' ? t.adminToken() : t.login(role === 'member' ? memberEmail : otherEmail, PASSWORD);
  };
  afterAll(() => t.close());

  /** Fresh records for one request: the current season with an open game the member has picked, and spares to change. */
  async function world(freshSessions = false): Promise<World> {
    const ds = t.dataSource;
    const unique = `${process.pid}-${++serial}`;
    const season = await createSeason(ds, { is_current: true });
    await ds.query('UPDATE football_seasons SET is_current = 0 WHERE id <> ?', [season.id]);
    const week = await createWeek(ds, { football_season_id: season.id, number: 10 });
    const home = await createTeam(ds);
    const away = await createTeam(ds);
    const game = await createGame(ds, { week_id: week.id, home_team_id: home.id, away_team_id: away.id });
    const pick = await createPick(ds, game, memberId);
    const finished = await createWeek(ds, { football_season_id: season.id, number: 1, start_date: '2020-09-01', end_date: '2020-09-07' });
    await createGame(ds, { week_id: finished.id, status: 'completed', winner_team_id: home.id, home_team_id: home.id, away_team_id: away.id, game_date: hoursFromNow(-24 * 30) });
    const emptySeason = await createSeason(ds);
    const invitation = await ds.getRepository(Invitation).save({
      email: `pending-${unique}@pool.test`,
      token_hash: createHash('sha256').update(unique).digest('hex'),
      status: 'pending',
      expires_at: hoursFromNow(48),
    });
    const failedDelivery = await ds.getRepository(NotificationDelivery).save({
      kind: 'invitation',
      invitation_id: invitation.id,
      email: invitation.email,
      template: 'invitation',
      subject: "You're invited",
      context: JSON.stringify({ email: invitation.email, link: 'http://pool.test/register', expiresAt: 'soon' }),
      status: 'failed',
      attempts: 5,
      error: '550 Mailbox unavailable',
    });
    return {
      memberId,
      seasonId: season.id,
      weekId: week.id,
      gameId: game.id,
      homeName: home.name,
      awayName: away.name,
      pickId: pick.id,
      conferenceId: home.conference_id,
      teamId: home.id,
      finishedWeekId: finished.id,
      spareUserId: (await t.createUser()).id,
      invitationId: invitation.id,
      failedDeliveryId: failedDelivery.id,
      emptySeasonId: emptySeason.id,
      bareSeasonId: (await createSeason(ds)).id,
      emptyWeekId: (await createWeek(ds, { football_season_id: emptySeason.id, number: 2 })).id,
      spareGameId: (await createGame(ds, { week_id: week.id })).id,
      spareConferenceId: (await createConference(ds)).id,
      spareTeamId: (await createTeam(ds)).id,
      ...(await survivorOf(season.id, week.id, game.id, home.id)),
      memberSessionId: sessionIdOf(freshSessions ? await t.login(memberEmail, PASSWORD) : tokens.member!),
      unique,
    };
  }

  /** The season's survivor contest from the week: the member entered with a pick of the game, and a spare member entered. */
  async function survivorOf(seasonId: number, weekId: number, gameId: number, teamId: number) {
    const ds = t.dataSource;
    const contest = await ds.getRepository(SurvivorContest).save({ football_season_id: seasonId, first_week_id: weekId });
    const entry = { survivor_contest_id: contest.id, entered_at: new Date() };
    await ds.getRepository(SurvivorEntry).save({ ...entry, user_id: memberId });
    const spare = await ds.getRepository(SurvivorEntry).save({ ...entry, user_id: (await t.createUser()).id });
    const pick = await ds.getRepository(SurvivorPick).save({ survivor_contest_id: contest.id, user_id: memberId, week_id: weekId, game_id: gameId, team_id: teamId });
    return { survivorContestId: contest.id, survivorPickId: pick.id, survivorEntryId: spare.id };
  }

  const sample = (r: Row) => r.path({ memberId: 1, seasonId: 1, weekId: 1, gameId: 1, pickId: 1, conferenceId: 1, teamId: 1, finishedWeekId: 1, spareUserId: 1, invitationId: 1, failedDeliveryId: 1, emptySeasonId: 1, bareSeasonId: 1, emptyWeekId: 1, spareGameId: 1, spareConferenceId: 1, spareTeamId: 1, survivorContestId: 1, survivorPickId: 1, survivorEntryId: 1, memberSessionId: 'sid', homeName: '', awayName: '', unique: '' });
  const cases = TABLE.flatMap((r) => ROLES.map((role, i) => ({ ...r, role, status: r.expect[i], name: `${r.method.toUpperCase()} ${sample(r)} as ${role}` })));

  it.each(cases)('$name → $status', async ({ method, path, body, role, status, freshSessions }) => {
    const w = await world(freshSessions);
    let request = t.http[method](`/api${path(w)}`);
    const token = freshSessions ? await freshToken(role) : tokens[role];
    if (token) request = request.set(bearer(token));
    const response = body ? await request.send(body(w)) : await request;
    expect({ status: response.status, body: response.body }).toEqual({ status, body: expect.anything() });
    if (status >= 400) expect(response.body.errors).toEqual([expect.any(String), ...response.body.errors.slice(1)]);
    // Logging out everywhere ended the table's own session of this role too.
    if (freshSessions && role !== 'anonymous') tokens[role] = await freshToken(role);
  });

  it('covers every route the application serves', () => {
    const shape = (path: string) => path.split('?')[0].replace(/\/(\d+|:[a-z_]+|not-a-token|sid)(?=\/|$)/g, '/:param');
    const covered = new Set(TABLE.map((r) => `${r.method.toUpperCase()} /api${shape(sample(r))}`));
    const served = t.routes
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${shape(route.url)}`);
    expect(served.length).toBeGreaterThan(60);
    expect(served.filter((route) => !covered.has(route))).toEqual([]);
  });
});
