import { CLOSING_SOON_MS, isLocked, PICK_DEADLINE_BEFORE_KICKOFF_MS, PICK_REFUSALS, pickWindow } from './pick-window';

const KICKOFF = new Date('2025-09-06T19:30:00Z');
const DEADLINE = new Date('2025-09-06T18:30:00Z');
const at = (msBeforeDeadline: number) => new Date(DEADLINE.getTime() - msBeforeDeadline);
const scheduled = { game_date: KICKOFF, status: 'scheduled' as const };
const MINUTE = 60_000;

describe('pickWindow', () => {
  it('puts the deadline one hour before kickoff', () => {
    expect(PICK_DEADLINE_BEFORE_KICKOFF_MS).toBe(60 * MINUTE);
    expect(pickWindow(scheduled, 'current', at(CLOSING_SOON_MS * 3)).pick_deadline).toEqual(DEADLINE);
  });

  it.each([
    ['3 days before the deadline', 3 * CLOSING_SOON_MS, 'open', 3 * 24 * 60, true],
    ['exactly 24 h before the deadline', CLOSING_SOON_MS, 'open', 24 * 60, true],
    ['1 ms inside 24 h', CLOSING_SOON_MS - 1, 'closing_soon', 24 * 60 - 1, true],
    ['30 minutes before the deadline', 30 * MINUTE, 'closing_soon', 30, true],
    ['1 ms before the deadline', 1, 'closing_soon', 0, true],
    ['at the deadline instant', 0, 'closed', 0, false],
    ['after the deadline, before kickoff', -30 * MINUTE, 'closed', 0, false],
    ['after kickoff', -2 * PICK_DEADLINE_BEFORE_KICKOFF_MS, 'closed', 0, false],
  ] as const)('%s: %s, %i minutes, picks allowed %s', (_label, before, status, minutes, allowed) => {
    const window = pickWindow(scheduled, 'current', at(before));
    expect(window).toEqual({
      pick_deadline: DEADLINE,
      deadline_status: status,
      minutes_until_deadline: minutes,
      picks_allowed: allowed,
      refusal: allowed ? null : PICK_REFUSALS.deadlinePassed,
    });
  });

  it('counts whole minutes left, rounding down', () => {
    expect(pickWindow(scheduled, 'current', at(90 * 1000)).minutes_until_deadline).toBe(1);
    expect(pickWindow(scheduled, 'current', at(59 * 1000)).minutes_until_deadline).toBe(0);
  });

  it('refuses picks in a past week, whatever the deadline, with the week text first', () => {
    expect(pickWindow(scheduled, 'past', at(3 * CLOSING_SOON_MS))).toEqual(
      expect.objectContaining({ deadline_status: 'open', picks_allowed: false, refusal: PICK_REFUSALS.weekPast }),
    );
    expect(pickWindow(scheduled, 'past', at(-1)).refusal).toBe(PICK_REFUSALS.weekPast);
  });

  it('allows picks in an upcoming week', () => {
    expect(pickWindow(scheduled, 'upcoming', at(3 * CLOSING_SOON_MS)).picks_allowed).toBe(true);
  });

  it('refuses picks on a cancelled game before its deadline, its deadline still open', () => {
    expect(pickWindow({ game_date: KICKOFF, status: 'cancelled' }, 'current', at(3 * CLOSING_SOON_MS))).toEqual(
      expect.objectContaining({ deadline_status: 'open', picks_allowed: false, refusal: PICK_REFUSALS.disabled }),
    );
  });

  it.each([
    ['completed', { status: 'completed' as const, winner_team_id: 7 }],
    ['completed without a winner (a result kept without scores)', { status: 'completed' as const, winner_team_id: null }],
    ['scheduled with a winner (stored before the outcome rules)', { status: 'scheduled' as const, winner_team_id: 7 }],
  ])('closes a game with a final at once, days before its deadline: %s', (_label, final) => {
    expect(pickWindow({ game_date: KICKOFF, ...final }, 'current', at(3 * CLOSING_SOON_MS))).toEqual({
      pick_deadline: DEADLINE,
      deadline_status: 'closed',
      minutes_until_deadline: 0,
      picks_allowed: false,
      refusal: PICK_REFUSALS.deadlinePassed,
    });
    expect(pickWindow({ game_date: KICKOFF, ...final }, 'past', at(3 * CLOSING_SOON_MS)).refusal).toBe(PICK_REFUSALS.weekPast);
  });

  it('allows picks on a game in progress while its deadline is open (the admin sets status freely)', () => {
    expect(pickWindow({ game_date: KICKOFF, status: 'in_progress' }, 'current', at(MINUTE)).picks_allowed).toBe(true);
  });
});

describe('isLocked', () => {
  it('locks a game from its deadline instant on', () => {
    expect(isLocked(scheduled, at(1))).toBe(false);
    expect(isLocked(scheduled, at(0))).toBe(true);
    expect(isLocked(scheduled, at(-1))).toBe(true);
  });

  it('keeps a game locked while picks_locked_at is set, whatever its kickoff says', () => {
    const kept = { ...scheduled, picks_locked_at: new Date('2025-09-06T18:45:00Z') };
    expect(isLocked(kept, at(3 * CLOSING_SOON_MS))).toBe(true);
    expect(isLocked({ ...scheduled, picks_locked_at: null }, at(3 * CLOSING_SOON_MS))).toBe(false);
  });

  it('reveals a game with a final before its deadline, as its window is closed', () => {
    expect(isLocked({ ...scheduled, status: 'completed', winner_team_id: 7 }, at(3 * CLOSING_SOON_MS))).toBe(true);
    expect(isLocked({ ...scheduled, winner_team_id: 7 }, at(3 * CLOSING_SOON_MS))).toBe(true);
    expect(isLocked({ ...scheduled, status: 'cancelled', winner_team_id: null }, at(3 * CLOSING_SOON_MS))).toBe(false);
  });
});

describe('pickWindow of a game kept locked', () => {
  it('is closed with the deadline text while picks_locked_at is set, the deadline still one hour before kickoff', () => {
    const kept = { ...scheduled, picks_locked_at: new Date('2025-09-06T18:45:00Z') };
    expect(pickWindow(kept, 'current', at(3 * CLOSING_SOON_MS))).toEqual({
      pick_deadline: DEADLINE,
      deadline_status: 'closed',
      minutes_until_deadline: 0,
      picks_allowed: false,
      refusal: PICK_REFUSALS.deadlinePassed,
    });
    expect(pickWindow(kept, 'past', at(3 * CLOSING_SOON_MS)).refusal).toBe(PICK_REFUSALS.weekPast);
  });
});
