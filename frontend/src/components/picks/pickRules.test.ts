import type { SeasonWeek } from '../../api/types';
import { gameFixture } from '../../test/helpers';
import { bothScores, inKickoffOrder, parseScore, pickLock, pickSummary } from './pickRules';
import { formatCountdown, formatDeadline, formatTime, formatWeekdayTime, lineText, ordinal } from '../../format';

describe('pick rules', () => {
  const now = Date.now();

  it.each([
    ['a past week, with a pick', { weekStatus: 'past', hasPick: true }, 'Week completed - no changes allowed'],
    ['a past week, without a pick', { weekStatus: 'past', hasPick: false }, 'Week completed - no picks allowed'],
    ['a closed deadline, with a pick', { hoursAhead: 0.5, hasPick: true }, 'Pick deadline has passed - no changes allowed'],
    ['a closed deadline, without a pick', { hoursAhead: 0.5, hasPick: false }, 'Pick deadline has passed - no picks allowed'],
    ['a game the server closed (cancelled)', { picks_allowed: false, status: 'cancelled' }, 'Picks are currently disabled'],
    ['an open game of the current week', {}, null],
    ['a game closing soon', { hoursAhead: 5 }, null],
  ] as const)('%s: %s', (_name, setup, expected) => {
    const { weekStatus = 'current', hasPick = false, hoursAhead, ...fields } = setup as { weekStatus?: SeasonWeek['status']; hasPick?: boolean; hoursAhead?: number };
    expect(pickLock(gameFixture(1, { hoursAhead, ...fields }), weekStatus, hasPick, now)).toBe(expected);
  });

  it('closes a game as soon as the member’s clock passes its deadline, whatever the last read said', () => {
    const game = gameFixture(1, { hoursAhead: 1.5 });
    expect(game.deadline_status).toBe('closing_soon');
    expect(pickLock(game, 'current', true, Date.parse(game.pick_deadline) + 1000)).toBe('Pick deadline has passed - no changes allowed');
  });

  it.each([
    ['', { kind: 'empty' }],
    ['  ', { kind: 'empty' }],
    ['0', { kind: 'valid', value: 0 }],
    ['199', { kind: 'valid', value: 199 }],
    [' 42 ', { kind: 'valid', value: 42 }],
    ['200', { kind: 'invalid' }],
    ['-1', { kind: 'invalid' }],
    ['3.5', { kind: 'invalid' }],
    ['1e2', { kind: 'invalid' }],
    ['abc', { kind: 'invalid' }],
  ])('reads the tiebreaker score %j as %j (whole numbers 0–199)', (text, expected) => {
    expect(parseScore(text)).toEqual(expected);
  });

  it('has both scores only when both are valid', () => {
    expect(bothScores('24', '17')).toEqual({ away: 24, home: 17 });
    expect(bothScores('24', '')).toBeNull();
    expect(bothScores('24', '250')).toBeNull();
  });

  it('orders games by kickoff, then id', () => {
    const games = [gameFixture(3, { hoursAhead: 50 }), gameFixture(2, { hoursAhead: 30 }), gameFixture(1, { hoursAhead: 50 })];
    games[2].game_date = games[0].game_date;
    expect(inKickoffOrder(games).map((game) => game.id)).toEqual([2, 1, 3]);
  });

  it('sums up picks made, the tiebreaker and the next open deadline', () => {
    const games = [gameFixture(1, { hoursAhead: 0.5 }), gameFixture(2, { hoursAhead: 30 }), gameFixture(3, { hoursAhead: 10, is_tiebreaker: true })];
    const pick = (game_id: number, scores: [number | null, number | null] = [null, null]) => ({
      id: game_id,
      game_id,
      week_id: 2,
      selected_winner: `Home ${game_id}`,
      tiebreaker_home_score: scores[0],
      tiebreaker_away_score: scores[1],
    });
    expect(pickSummary(games, [pick(1), pick(3)], 'current', now)).toEqual({ made: 2, total: 3, missed: [], tiebreaker: 'missing', nextDeadline: games[2] });
    expect(pickSummary(games, [pick(3, [21, 14])], 'current', now).tiebreaker).toBe('done');
    expect(pickSummary(games.slice(0, 2), [], 'past', now)).toEqual({ made: 0, total: 2, missed: [], tiebreaker: 'none', nextDeadline: null });
  });

  it('counts the games that closed without a pick (a late joiner\'s), never a cancelled one or one of a finished week', () => {
    const games = [
      gameFixture(1, { hoursAhead: 0.5 }),
      gameFixture(2, { hoursAhead: -3, status: 'completed', winner_team_id: 21 }),
      gameFixture(3, { hoursAhead: -3, status: 'cancelled', picks_allowed: false }),
      gameFixture(4, { hoursAhead: 30 }),
      gameFixture(5, { hoursAhead: 0.2 }),
    ];
    const pick = (game_id: number) => ({ id: game_id, game_id, week_id: 2, selected_winner: `Home ${game_id}`, tiebreaker_home_score: null, tiebreaker_away_score: null });
    const summary = pickSummary(games, [pick(5)], 'current', now);
    expect(summary.missed.map((game) => game.id)).toEqual([2, 1]);
    expect(summary).toMatchObject({ made: 1, total: 5 });
    expect(pickSummary(games, [], 'past', now).missed).toEqual([]);
  });

  it('writes countdowns and lines the way members read them', () => {
    expect(formatCountdown(0)).toBe('closed');
    expect(formatCountdown(30_000)).toBe('under 1m');
    expect(formatCountdown(12 * 60_000)).toBe('12m');
    expect(formatCountdown((3 * 60 + 5) * 60_000)).toBe('3h 05m');
    expect(formatCountdown((2 * 1440 + 4 * 60) * 60_000)).toBe('2d 4h');
    const game = gameFixture(1);
    expect(lineText({ ...game, betting_line: 7.5, betting_line_team: 'away' })).toBe('Away 1 -7.5');
    expect(lineText({ ...game, betting_line: 0, betting_line_team: null })).toBe("Pick'em");
    expect(lineText({ ...game, betting_line: null, betting_line_team: null })).toBeNull();
  });
});

describe('dates', () => {
  it('shows kickoff in the member’s local time, in 12-hour style', async () => {
    const { formatDateTime } = await import('../../format');
    const local = new Date(2025, 8, 6, 15, 30);
    expect(formatDateTime(local.toISOString())).toBe('Sat, Sep 6, 3:30 PM');
    expect(formatDateTime(new Date(2025, 11, 31, 0, 5).toISOString())).toBe('Wed, Dec 31, 12:05 AM');
  });
});

describe('short dates on the game cards', () => {
  it('gives the deadline as a time alone on the kickoff day, else with its date', () => {
    const kickoff = new Date(2026, 8, 12, 15, 30).toISOString();
    expect(formatDeadline(new Date(2026, 8, 12, 14, 30).toISOString(), kickoff)).toBe('2:30 PM');
    expect(formatDeadline(new Date(2026, 8, 11, 23, 45).toISOString(), new Date(2026, 8, 12, 0, 45).toISOString())).toBe('Fri, Sep 11, 11:45 PM');
    expect(formatTime(new Date(2026, 8, 12, 0, 5).toISOString())).toBe('12:05 AM');
    expect(formatWeekdayTime(new Date(2026, 8, 12, 19, 30).toISOString())).toBe('Sat 7:30 PM');
  });

  it('writes ranks as ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th']);
  });
});
