import type { Game } from '../games/entities/game.entity';
import type { Week } from '../seasons/weeks/entities/week.entity';
import { reminderPushes, timeLeft } from './push-notices';

const HOUR = 3600_000;
const now = new Date('2026-11-28T12:00:00Z');
const game = (id: number, kickoffHours: number, home: string, away: string) =>
  ({ id, game_date: new Date(now.getTime() + kickoffHours * HOUR), home_team: { name: home }, away_team: { name: away } }) as Game;

describe('push notices', () => {
  it('says the time left in minutes, hours or days', () => {
    expect(timeLeft(new Date(now.getTime() + 45 * 60_000), now)).toBe('45 min');
    expect(timeLeft(new Date(now.getTime() + 2.5 * HOUR), now)).toBe('2 h');
    expect(timeLeft(new Date(now.getTime() + 72 * HOUR), now)).toBe('3 days');
    expect(timeLeft(new Date(now.getTime() - HOUR), now)).toBe('0 min');
  });

  it("tells each member their own missing games, the first deadline's time left, and expires at the last deadline", () => {
    const week = { id: 7, number: 3 } as Week;
    const games = [game(1, 3, 'Texas', 'Georgia'), game(2, 8, 'Ohio State', 'Michigan'), game(3, 9, 'USC', 'UCLA')];
    const batch = reminderPushes(week, 'reminder-2', 0, [{ userId: 5, missing: games, missingTiebreaker: false, tiebreaker: null }], now);
    expect(batch).toEqual(expect.objectContaining({ kind: 'reminder-2', preference: 'reminders', weekId: 7, urgency: 'high' }));
    expect(batch.messages).toEqual([
      {
        userId: 5,
        message: { title: '2 h left: 3 picks to make in week 3', body: "You haven't picked Georgia @ Texas, Michigan @ Ohio State and 1 more.", url: '/dashboard?week=7', tag: 'reminder-7' },
        expiresAt: new Date(now.getTime() + 8 * HOUR),
      },
    ]);
  });

  it('asks for the tiebreaker score alone when only that is missing', () => {
    const tiebreaker = game(4, 5, 'Alabama', 'Auburn');
    const [{ message }] = reminderPushes({ id: 1, number: 1 } as Week, 'reminder-manual', 2, [{ userId: 1, missing: [], missingTiebreaker: true, tiebreaker }], now).messages;
    expect(message.title).toBe('4 h left: your tiebreaker score to make in week 1');
    expect(message.body).toBe('Predict the score of Auburn @ Alabama.');
  });
});
