import { SurvivorContest } from '../../src/survivor/entities/survivor-contest.entity';
import { SurvivorEntry } from '../../src/survivor/entities/survivor-entry.entity';
import { SurvivorPick } from '../../src/survivor/entities/survivor-pick.entity';
import { ADMIN, PASSWORD, TestApp } from '../support/test-app';
import { authed, BCRYPT, EMAIL, entries, get, JWT, keyPaths, leastDataWorld, Reader, READERS, Route, SECRET_KEY, World } from '../support/least-data';

/**
 * Least data (docs/decisions.md): every answer a member can read carries only what its reader's role needs. The
 * table lists, per route, the status each reader gets and the fields of the answer (key paths; `[]` is an array's
 * items; `?` marks a field only there when its value is, such as a relation that may be null). Every answer is then
 * walked whole: no secret anywhere, and no e-mail address but those its reader may see (an admin: anyone's; a
 * member: their own; anyone holding an e-mailed link: the address it was sent to).
 */

const SIGNED_IN: Route['status'] = [401, 200, 200, 200];
const EVERYONE: Route['status'] = [200, 200, 200, 200];

/** Key paths of the records as answers show them, under a prefix. */
const under = (prefix: string, fields: string[]) => fields.map((field) => `${prefix}${field}`);
const TEAM_REF = ['id', 'name', 'nickname'];
const NAMED = ['id', 'name'];
const MEMBER = ['id', 'name', 'email'];
const USER = [
  'id', 'email', 'name', 'first_name', 'last_name', 'date_of_birth', 'phone', 'favorite_team_id', 'favorite_team',
  'favorite_team.id?', 'favorite_team.name?', 'role', 'admin', 'wins', 'losses', 'created_at',
];
const CONFERENCE = ['id', 'name'];
const TEAM = ['id', 'name', 'nickname', 'mascot', 'city', 'state', 'conference_id', 'conference', ...under('conference.', NAMED), 'wins', 'losses', 'webpage_url', 'alternate_names', 'classification'];
const GAME = [
  'id', 'name', 'week_id', 'week', 'week.id', 'week.number', 'football_season_id', 'home_team_id', 'away_team_id',
  'home_team', ...under('home_team.', TEAM_REF), 'away_team', ...under('away_team.', TEAM_REF), 'winner_team_id',
  'winner_team', ...under('winner_team.', TEAM_REF.map((f) => `${f}?`)), 'game_date', 'status', 'home_score',
  'away_score', 'betting_line', 'betting_line_team', 'is_tiebreaker', 'forfeit', 'forfeit_reason', 'home_team_ranking',
  'away_team_ranking', 'pick_deadline', 'deadline_status', 'minutes_until_deadline', 'picks_allowed', 'picks_locked_at',
  'provider', 'external_id', 'line_source', 'line_taken_at', 'sync_flag', 'sync_flagged_at', 'cover',
];
const PICK = [
  'id', 'user_id', 'user', ...under('user.', MEMBER), 'game_id', 'game', 'game.id', 'game.home_team', ...under('game.home_team.', TEAM_REF),
  'game.away_team', ...under('game.away_team.', TEAM_REF), 'game.game_date', 'game.is_tiebreaker', 'week_id', 'selected_winner',
  'selected_team_id', 'is_correct', 'tiebreaker_home_score', 'tiebreaker_away_score', 'confidence', 'is_lock', 'created_at', 'updated_at',
];
const WEEKLY_RESULT = ['id', 'week_id', 'user', ...under('user.', MEMBER), 'wins', 'losses', 'total_games', 'pushes', 'points', 'win_percentage', 'tiebreaker_score', 'rank'];
const STANDING = [
  'id', 'rank', 'user', ...under('user.', MEMBER), 'total_wins', 'total_losses', 'total_games', 'total_pushes', 'total_points', 'win_percentage',
  'weeks_participated', 'weeks_played', 'weeks_dropped', 'total_tiebreaker_score', 'avg_tiebreaker_score',
];
const WEEK = [
  'id', 'number', 'display_name', 'start_date', 'end_date', 'football_season_id', 'football_season', ...under('football_season.', NAMED),
  'is_current', 'status', 'games_count',
];
const RULES = ['pick_mode', 'push_rule', 'half_point_lines', 'confidence_points', 'lock_of_week', 'drop_worst_weeks', 'missed_weeks', 'weekly_ties', 'games_per_week', 'commissioner_plays', 'pickem'];
const SEASON = [
  'id', 'name', 'year', 'start_date', 'end_date', 'current', 'is_current', 'weeks_count', 'games_count', 'picks_count',
  'rules', ...under('rules.', RULES), 'rules_locked', 'rules_summary', 'entry_fee_cents', 'weekly_winner_cents', 'payout_percentages',
];
const SURVIVOR_CONTEST = [
  'id', 'football_season_id', 'name', 'first_week_id', 'first_week_number', 'pick_mode', 'reuse', 'lives', 'ties', 'missed', 'all_lose',
  'entry_fee_cents', 'payout_percentages', 'rules_summary', 'entry_open', 'entry_closes_at', 'finished',
];
const SURVIVOR_OWN_PICK = ['id', 'survivor_contest_id', 'week_id', 'week_number', 'game_id', 'team_id', 'team_name', 'assigned', 'updated_at'];
/** The world's survivor contest, made once the world is (its first week the scored one; both members entered). */
const survivor = { contestId: 0 };
const SEASON_WITH_WEEKS = [...SEASON, 'weeks', ...under('weeks.[].', ['id', 'number', 'display_name', 'is_current', 'status', 'start_date', 'end_date'])];

/** Who can still win (docs/saturday.md), under a prefix: members by name only. */
const contention = (prefix: string) => [
  prefix, ...under(`${prefix}.`, ['scope', 'method', 'undecided_games', 'open_games', 'outcomes', 'contenders', 'winners', 'winners.[].id?', 'winners.[].name?']),
  ...contender(`${prefix}.contenders.[]`),
];
/** Fields an answer may leave out. */
const optional = (fields: string[]) => fields.map((field) => (field.endsWith('?') ? field : `${field}?`));
/** One member's place in a race: by name only. */
function contender(prefix: string) {
  return [
    ...under(`${prefix}.`, ['user', 'user.id', 'user.name', 'current', 'max', 'status', 'paths', 'more_paths']),
    ...under(`${prefix}.paths.[].`, ['text?', 'conditions?', 'needs_tiebreaker?']),
    ...under(`${prefix}.paths.[].conditions.[].`, ['game_id?', 'outcome?', 'team_name?']),
  ];
}
/** A row of the pick grid: names only, and picks only once their game is locked, save the reader's own. */
const BOARD_ROW = ['user', 'user.id', 'user.name', 'picks_made', 'wins', 'losses', 'points', 'tiebreaker_score', 'rank', 'picks'];
const BOARD_PICK = ['game_id', 'status', 'selected_winner?', 'is_correct?', 'result?', 'confidence?', 'is_lock?', 'tiebreaker_home_score?', 'tiebreaker_away_score?'];
/** The live board (docs/saturday.md#the-live-board): the pick grid's public rows, the games' scores, who can still win. */
const LIVE_BOARD = [
  'week', ...under('week.', ['id', 'number', 'football_season_id', 'season_name']), 'version', 'generated_at', 'game_day',
  'games', ...under('games.[].', ['id', 'home_team', ...under('home_team.', TEAM_REF), 'away_team', ...under('away_team.', TEAM_REF), 'game_date', 'status',
    'home_score', 'away_score', 'winner_team_id', 'is_tiebreaker', 'locked', 'betting_line', 'betting_line_team', 'cover', 'pick_counts', 'pick_counts.home?', 'pick_counts.away?']),
  'members', ...under('members.[].', BOARD_ROW), ...under('members.[].picks.[].', BOARD_PICK), 'member_count',
  'contention', ...contention('contention.week'), ...contention('contention.season'), 'contention.week_contenders', 'contention.season_contenders',
  // The survivor contest right now (null without one): names, and a team only once its game is locked and losing.
  'survivor', ...optional(['survivor.name', 'survivor.alive_count', 'survivor.alive_now', 'survivor.at_risk', ...under('survivor.alive_now.[].', ['user_id', 'name']),
    ...under('survivor.at_risk.[].', ['user_id', 'name', 'team_name', 'lives_left'])]),
  // The reader's own row and places (null for a reader who doesn't play).
  'me', ...optional(['me.row', 'me.week', 'me.season', ...under('me.row.', BOARD_ROW), ...under('me.row.picks.[].', BOARD_PICK), ...contender('me.week'), ...contender('me.season')]),
];

const TABLE: Route[] = [
  { name: 'GET /health', request: get(() => '/health'), status: EVERYONE, fields: ['status', 'database', 'database.status', 'database.type'] },
  { name: 'GET /app_config', request: get(() => '/app_config'), status: EVERYONE, fields: ['app_name'] },
  {
    name: 'GET /invitation_tokens/{token}',
    request: get((w) => `/invitation_tokens/${w.invitationToken}`),
    status: EVERYONE,
    fields: ['email'],
    linkEmail: (w) => w.invitedEmail,
  },
  {
    name: 'GET /password_resets/{token}',
    request: get((w) => `/password_resets/${w.resetToken}`),
    status: EVERYONE,
    fields: ['email'],
    linkEmail: (w) => w.member.email,
  },
  {
    name: 'POST /users/login',
    // Each reader with their own credentials; the anonymous visitor with a wrong password.
    request: (t, w, reader) =>
      t.http.post('/api/users/login').send(reader === 'anonymous' ? { email: w.member.email, password: 'not-the-password' } : { email: w[reader].email, password: reader === 'admin' ? ADMIN.password : PASSWORD }),
    status: [401, 200, 200, 200],
    // A member: the session. The admin (who has a passkey here): the second step's challenge, naming only the ways in.
    // `second_factor_enrolment_required` only for an admin who must set a factor up (never here: ADMIN_SECOND_FACTOR=optional).
    fields: ['token?', 'user?', ...under('user.', USER).map((field) => `${field}?`), 'user.second_factor_enrolment_required?', 'second_factor_required?', 'challenge?', 'methods?'],
  },
  { name: 'GET /me', request: get(() => '/me'), status: SIGNED_IN, fields: USER },
  // A passkey shows its name and dates, never its credential id or public key.
  { name: 'GET /me/passkeys', request: get(() => '/me/passkeys'), status: SIGNED_IN, fields: under('[].', ['id', 'name', 'created_at', 'last_used_at', 'backed_up']) },
  // A sign-in's options name no one: no credentials listed, so they tell nothing about who has a passkey.
  {
    name: 'POST /passkeys/login/options',
    request: (t) => t.http.post('/api/passkeys/login/options'),
    status: [200, 200, 200, 200],
    fields: ['challenge', 'rpId', 'timeout', 'userVerification', 'allowCredentials?'],
  },
  // The enrolment's secret and the recovery codes are answered once, to their owner only (test/api/second-factor.e2e-spec.ts).
  { name: 'GET /me/second_factor', request: get(() => '/me/second_factor'), status: [401, 403, 403, 200], fields: ['totp', 'recovery_codes_left', 'required'] },
  { name: 'PATCH /me/profile', request: authed('patch', '/me/profile', () => ({ phone: '555-0100' })), status: SIGNED_IN, fields: USER },
  {
    name: 'POST /me/reauthenticate',
    // Each reader with their own password; the anonymous visitor is refused before any is checked.
    request: (t, w, reader) => authed('post', '/me/reauthenticate', () => ({ password: reader === 'admin' ? ADMIN.password : PASSWORD }))(t, w, reader),
    status: SIGNED_IN,
    fields: ['reauthenticated_until'],
  },
  { name: 'GET /conferences', request: get(() => '/conferences'), status: SIGNED_IN, fields: under('[].', CONFERENCE) },
  { name: 'GET /conferences/{id}', request: get((w) => `/conferences/${w.conferenceId}`), status: SIGNED_IN, fields: CONFERENCE },
  { name: 'GET /teams', request: get(() => '/teams'), status: SIGNED_IN, fields: under('[].', TEAM) },
  { name: 'GET /teams/{id}', request: get((w) => `/teams/${w.teamId}`), status: SIGNED_IN, fields: TEAM },
  { name: 'GET /football_seasons', request: get(() => '/football_seasons'), status: SIGNED_IN, fields: under('[].', SEASON) },
  { name: 'GET /football_seasons/current', request: get(() => '/football_seasons/current'), status: SIGNED_IN, fields: SEASON_WITH_WEEKS },
  { name: 'GET /football_seasons/{id}', request: get((w) => `/football_seasons/${w.seasonId}`), status: SIGNED_IN, fields: SEASON_WITH_WEEKS },
  { name: 'GET /weeks', request: get((w) => `/weeks?football_season_id=${w.seasonId}`), status: SIGNED_IN, fields: under('[].', WEEK) },
  { name: 'GET /weeks/current', request: get(() => '/weeks/current'), status: SIGNED_IN, fields: WEEK },
  { name: 'GET /weeks/{id}', request: get((w) => `/weeks/${w.weekId}`), status: SIGNED_IN, fields: WEEK },
  { name: 'GET /games', request: get((w) => `/games?week_id=${w.weekId}`), status: SIGNED_IN, fields: under('[].', GAME) },
  { name: 'GET /games/{id}', request: get((w) => `/games/${w.openGame.id}`), status: SIGNED_IN, fields: GAME },
  { name: 'GET /picks', request: get((w) => `/picks?week_id=${w.weekId}`), status: SIGNED_IN, fields: under('[].', PICK) },
  // The member's pick: another member is told it does not exist.
  { name: 'GET /picks/{id}', request: get((w) => `/picks/${w.pickId}`), status: [401, 200, 404, 200], fields: PICK },
  {
    name: 'POST /picks',
    request: authed('post', '/picks', (w) => ({ game_id: w.openGame.id, week_id: w.weekId, selected_winner: w.openHome.name })),
    // Members save their own pick; an admin picks for nobody without naming the member.
    status: [401, 200, 200, 422],
    fields: PICK,
  },
  {
    name: 'GET /weeks/{id}/pick_grid',
    request: get((w) => `/weeks/${w.weekId}/pick_grid`),
    status: SIGNED_IN,
    // Members by name only: the grid is everyone's, an e-mail address is nobody's business there.
    fields: [
      'week', 'week.id', 'week.number', 'games', ...under('games.[].', ['id', 'home_team', ...under('home_team.', TEAM_REF), 'away_team', ...under('away_team.', TEAM_REF), 'game_date', 'is_tiebreaker', 'locked', 'winner_team_id', 'status']),
      'members', ...under('members.[].', ['user', 'user.id', 'user.name', 'picks_made', 'wins', 'losses', 'points', 'tiebreaker_score', 'rank', 'picks']),
      ...under('members.[].picks.[].', ['game_id', 'status', 'selected_winner', 'is_correct', 'result', 'confidence', 'is_lock', 'tiebreaker_home_score?', 'tiebreaker_away_score?']),
    ],
  },
  {
    name: 'GET /weeks/{id}/live',
    request: get((w) => `/weeks/${w.weekId}/live`),
    status: SIGNED_IN,
    // One answer for every reader (docs/saturday.md): names only, picks only once their game is locked.
    fields: LIVE_BOARD,
  },
  {
    name: 'GET /weeks/{id}/live/members',
    request: get((w) => `/weeks/${w.weekId}/live/members`),
    status: SIGNED_IN,
    // The rest of the pick grid, page by page: as the board's rows.
    fields: ['version', 'offset', 'total', 'members', ...under('members.[].', BOARD_ROW), ...under('members.[].picks.[].', BOARD_PICK)],
  },
  { name: 'GET /live/status', request: get(() => '/live/status'), status: SIGNED_IN, fields: ['game_day', 'week_id'] },
  {
    name: 'GET /weeks/{id}/awards',
    request: get((w) => `/weeks/${w.finishedWeekId}/awards`),
    status: SIGNED_IN,
    fields: [
      'week', 'week.id', 'week.number', 'calculated', 'perfect_week', ...under('perfect_week.[].', NAMED.map((f) => `${f}?`)),
      'contrarian', ...under('contrarian.', ['game_id?', 'matchup?', 'team_name?', 'pickers?', 'share?']), ...under('contrarian.pickers.[].', NAMED.map((f) => `${f}?`)),
      'closest_tiebreaker', ...under('closest_tiebreaker.', ['members?', 'tiebreaker_score?']), ...under('closest_tiebreaker.members.[].', NAMED.map((f) => `${f}?`)),
    ],
  },
  { name: 'GET /me/calendar', request: get(() => '/me/calendar'), status: SIGNED_IN, fields: ['url', 'webcal_url', 'google_url', 'mode'] },
  { name: 'GET /weekly_results', request: get((w) => `/weekly_results?week_id=${w.finishedWeekId}`), status: SIGNED_IN, fields: under('[].', WEEKLY_RESULT) },
  {
    name: 'GET /season_results/standings/{season_id}',
    request: get((w) => `/season_results/standings/${w.seasonId}`),
    status: SIGNED_IN,
    fields: ['season', ...under('season.', NAMED), 'standings', ...under('standings.[].', STANDING)],
  },
  {
    name: 'GET /season_results/{season_id}/by_week',
    request: get((w) => `/season_results/${w.seasonId}/by_week`),
    status: SIGNED_IN,
    fields: ['season', ...under('season.', NAMED), 'weeks', ...under('weeks.[].', ['id', 'number', 'scored']), 'members', ...under('members.[].', ['user', 'user.id', 'user.name', 'cumulative_wins', 'cumulative_points'])],
  },
  {
    name: 'GET /weekly_results/status',
    request: get((w) => `/weekly_results/status?week_id=${w.finishedWeekId}`),
    // Admins only: who calculated the week by name, no address.
    status: [401, 403, 403, 200],
    fields: ['week_id', 'calculated_at', 'automatic', 'calculated_by', ...under('calculated_by.', NAMED), 'results_count'],
  },
  {
    name: 'GET /weekly_notifications/status',
    request: get((w) => `/weekly_notifications/status?week_id=${w.weekId}`),
    // Admins only: counts, no recipient (the week here was never e-mailed: no sends).
    status: [401, 403, 403, 200],
    fields: ['week_id', 'sends', ...under('sends.[].', ['round?', 'sent_at?', 'recipient_count?', 'delivered_count?', 'refused_count?', 'queued_count?']), 'last_sent_at'],
  },
  { name: 'GET /standings', request: get((w) => `/standings?football_season_id=${w.seasonId}`), status: SIGNED_IN, fields: under('[].', STANDING) },
  // Entry fees (docs/pool-formats.md#entry-fees-and-payouts): members see the pot and who won what, by name only.
  {
    name: 'GET /seasons/{id}/pot',
    request: get((w) => `/seasons/${w.seasonId}/pot`),
    status: SIGNED_IN,
    fields: [
      'season_id', 'entry_fee_cents', 'weekly_winner_cents', 'member_count', 'paid_count', 'pot_cents', 'payouts',
      ...optional(under('payouts.[].', ['place', 'percent', 'amount_cents'])), 'me', 'me.paid',
      'winnings', ...optional(under('winnings.[].', ['user_id', 'name', 'season_cents', 'weekly_cents', 'total_cents'])),
    ],
  },
  {
    name: 'GET /entry_payments',
    request: get((w) => `/entry_payments?football_season_id=${w.seasonId}`),
    status: [401, 403, 403, 200],
    fields: under('[].', ['id', 'football_season_id', 'user_id', 'name', 'email', 'paid', 'paid_at', 'marked_by']),
  },
  // Survivor (docs/pool-formats.md#survivor): members by name only; another's team only once its game locked.
  {
    name: 'GET /survivor',
    request: get((w) => `/survivor?season_id=${w.seasonId}`),
    status: SIGNED_IN,
    fields: [
      'contest', ...under('contest.', SURVIVOR_CONTEST), 'me', ...under('me.', ['entered', 'alive', 'lives_left', 'weeks_survived', 'rank']),
      'week', 'week.id', 'week.week_number', 'pick', ...optional(under('pick.', SURVIVOR_OWN_PICK)),
    ],
  },
  {
    name: 'GET /survivor/{id}/board',
    request: get(() => `/survivor/${survivor.contestId}/board`),
    status: SIGNED_IN,
    fields: [
      'survivor_contest_id', 'entrant_count', 'alive_count', 'finished', 'winners', 'week', 'week.id', 'week.week_number', 'entrants',
      ...under('entrants.[].', ['user_id', 'name', 'rank', 'alive', 'lives_left', 'weeks_survived', 'teams_used', 'pick', 'has_picked']),
      ...optional(under('entrants.[].teams_used.[].', ['week_number', 'team_name', 'outcome'])),
      'team_shares', ...optional(under('team_shares.[].', ['team_id', 'team_name', 'count', 'share'])),
      // The money (tracking only; null without a fee): counts, amounts, and the winners by name.
      'pot', ...optional(['pot.entry_fee_cents', 'pot.entrant_count', 'pot.paid_count', 'pot.pot_cents', 'pot.payouts', 'pot.winnings',
        ...under('pot.payouts.[].', ['place', 'percent', 'amount_cents']), ...under('pot.winnings.[].', ['name', 'amount_cents'])]),
    ],
  },
  {
    name: 'GET /weeks/{id}/survivor_pick',
    request: get((w) => `/weeks/${w.weekId}/survivor_pick`),
    status: SIGNED_IN,
    fields: [
      'pick', ...optional(under('pick.', SURVIVOR_OWN_PICK)), 'options',
      ...under('options.[].', ['team_id', 'team_name', 'game_id', 'opponent_name', 'home', 'game_date', 'pick_deadline', 'picks_allowed', 'line', 'used_week_number']),
    ],
  },
  { name: 'GET /survivor_contests', request: get(() => '/survivor_contests'), status: [401, 403, 403, 200], fields: under('[].', [...SURVIVOR_CONTEST.filter((f) => !['entry_open', 'finished'].includes(f)), 'rules_locked', 'entrant_count', 'alive_count', 'finished', 'created_at', 'updated_at']) },
  {
    name: 'GET /survivor_entries',
    request: get(() => `/survivor_entries?survivor_contest_id=${survivor.contestId}`),
    status: [401, 403, 403, 200],
    fields: under('[].', ['id', 'survivor_contest_id', 'user_id', 'name', 'entered_at', 'entered_by', 'paid', 'alive', 'lives_left', 'weeks_survived']),
  },
  {
    name: 'GET /survivor_picks',
    request: get(() => `/survivor_picks?survivor_contest_id=${survivor.contestId}`),
    status: [401, 403, 403, 200],
    fields: under('[].', ['id', 'survivor_contest_id', 'user_id', 'user_name', 'week_id', 'week_number', 'game_id', 'team_id', 'team_name', 'hidden', 'assigned', 'updated_at']),
  },
  {
    name: 'GET /survivor_pick_audits',
    request: get(() => `/survivor_pick_audits?survivor_contest_id=${survivor.contestId}`),
    status: [401, 403, 403, 200],
    fields: optional(under('[].', ['id', 'survivor_contest_id', 'survivor_pick_id', 'user_id', 'user_name', 'week_id', 'admin_id', 'admin_name', 'action', 'previous_value', 'new_value', 'reason', 'created_at'])),
  },
];

describe('Least data: what each reader sees (docs/decisions.md)', () => {
  const s = leastDataWorld();
  const { emailOf } = s;
  let t: TestApp, w: World;
  beforeAll(() => ({ t, w } = s));
  beforeAll(async () => {
    const ds = t.dataSource;
    const [finished] = await ds.query('SELECT id FROM weeks WHERE football_season_id = ? AND number = 1', [w.seasonId]);
    const contest = await ds.getRepository(SurvivorContest).save({ football_season_id: w.seasonId, first_week_id: Number(finished.id) });
    survivor.contestId = contest.id;
    for (const user of [w.member, w.other]) await ds.getRepository(SurvivorEntry).save({ survivor_contest_id: contest.id, user_id: user.id, entered_at: new Date() });
    await ds.getRepository(SurvivorPick).save({ survivor_contest_id: contest.id, user_id: w.member.id, week_id: w.weekId, game_id: w.openGame.id, team_id: w.openHome.id });
  });

  /** The addresses a reader may see in an answer. */
  const mayRead = (reader: Reader, userId: number): boolean => reader === 'admin' || (reader !== 'anonymous' && w[reader].id === userId);

  const cases = TABLE.flatMap((route) => READERS.map((reader, i) => ({ ...route, reader, expected: route.status[i] })));

  describe("V4.1.3 least privilege for data: each reader gets the table's fields, nothing secret, no one else's e-mail address", () => {
  it.each(cases)('$name as $reader → $expected', async (route) => {
    const { reader, expected } = route;
    const response = await route.request(t, w, reader);
    expect(response.status).toBe(expected);
    const body: unknown = response.body;
    if (process.env.LEAST_DATA_DUMP) console.log(route.name, reader, JSON.stringify([...keyPaths(body)]));
    const { pairs, strings, objects } = entries(body);

    // Nothing secret, whoever reads: no secret-named key, no password hash, no token but a login's own.
    expect(pairs.map(([key]) => key).filter((key) => SECRET_KEY.test(key))).toEqual([]);
    expect(strings.filter((text) => BCRYPT.test(text))).toEqual([]);
    // A login's own session token, or the challenge of its second step.
    const ownToken = route.name === 'POST /users/login' && expected === 200 ? ((body as { token?: string; challenge?: string }).token ?? (body as { challenge: string }).challenge) : null;
    expect(strings.filter((text) => JWT.test(text) && text !== ownToken)).toEqual([]);

    // No e-mail address but the reader's own (anyone's for an admin) and the one a link was sent to.
    const allowed = new Set([...(route.linkEmail ? [route.linkEmail(w)] : [])]);
    if (reader !== 'anonymous') allowed.add(w[reader].email);
    const found = strings.flatMap((text) => text.match(EMAIL) ?? []);
    if (reader !== 'admin') expect(found.filter((address) => !allowed.has(address))).toEqual([]);

    // A member named in an answer: with their e-mail address exactly when the reader may see it, else null.
    for (const named of objects.filter((object) => typeof object.id === 'number' && 'email' in object && emailOf.has(object.id as number))) {
      if (route.linkEmail) continue;
      expect({ id: named.id, email: named.email }).toEqual({ id: named.id, email: mayRead(reader, named.id as number) ? emailOf.get(named.id as number) : null });
    }

    if (expected >= 400) {
      expect(body).toEqual({ errors: [expect.any(String), ...((body as { errors: string[] }).errors ?? []).slice(1)] });
      return;
    }
    // Exactly the fields of the table: none more, and every one that is always there.
    const declared = new Set(route.fields.map((field) => field.replace(/\?$/, '')));
    const always = route.fields.filter((field) => !field.endsWith('?'));
    const seen = keyPaths(body);
    expect([...seen].filter((path) => !declared.has(path))).toEqual([]);
    expect(always.filter((path) => !seen.has(path))).toEqual([]);
  });
  });
});
