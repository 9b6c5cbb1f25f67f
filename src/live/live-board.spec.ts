import type { Game } from '../games/entities/game.entity';
import { DEFAULT_RULES } from '../seasons/season-rules';
import type { Pick } from '../picks/entities/pick.entity';
import { acceptsGzip, contentionGame, isGameDay, liveGame, matchesTag, publicPicks, boardTag, teamCounts } from './live-board';

const HOUR = 3600_000;
const now = new Date('2026-11-28T17:00:00Z'); // noon in New York

function game(fields: Partial<Game> = {}): Game {
  return {
    id: 1,
    home_team_id: 10,
    away_team_id: 20,
    home_team: { id: 10, name: 'Georgia', nickname: 'Bulldogs' },
    away_team: { id: 20, name: 'Texas', nickname: 'Longhorns' },
    game_date: new Date(now.getTime() + 3 * HOUR),
    status: 'scheduled',
    home_score: null,
    away_score: null,
    winner_team_id: null,
    betting_line: null,
    betting_line_team: null,
    is_tiebreaker: false,
    picks_locked_at: null,
    ...fields,
  } as Game;
}

const pick = (user_id: number, game_id: number, selected_team_id: number): Pick => ({ user_id, game_id, selected_team_id, confidence: null, is_lock: false }) as Pick;

describe('the live board, pure parts', () => {
  it('counts picks of a game only once it is locked', () => {
    const counts = teamCounts([pick(1, 1, 10), pick(2, 1, 20), pick(3, 1, 10), pick(1, 2, 30)]);
    expect(liveGame(game(), counts, now).pick_counts).toBeNull();
    const locked = game({ game_date: new Date(now.getTime() + 0.5 * HOUR) });
    expect(liveGame(locked, counts, now)).toEqual(expect.objectContaining({ locked: true, pick_counts: { home: 2, away: 1 } }));
  });

  it("shows the cover of a scored game against its line, none while it has no score, none for a cancelled game", () => {
    const scored = game({ status: 'in_progress', home_score: 24, away_score: 20, betting_line: 7, betting_line_team: 'home' });
    expect(liveGame(scored, new Map(), now).cover).toBe('away');
    expect(liveGame(game(), new Map(), now).cover).toBeNull();
    expect(liveGame(game({ status: 'cancelled', home_score: 0, away_score: 0 }), new Map(), now).cover).toBeNull();
  });

  it('gives the engine the landing by the rules, a push possible only on a whole line against the spread, and public picks only', () => {
    const spread = { ...DEFAULT_RULES, pick_mode: 'spread' as const };
    expect(contentionGame(game({ betting_line: 3, betting_line_team: 'home' }), spread, now)).toEqual(expect.objectContaining({ landing: null, can_push: true, locked: false }));
    expect(contentionGame(game({ betting_line: 3.5, betting_line_team: 'home' }), spread, now).can_push).toBe(false);
    expect(contentionGame(game({ betting_line: 3 }), DEFAULT_RULES, now).can_push).toBe(false);
    expect(contentionGame(game({ betting_line: null }), spread, now).can_push).toBe(false);
    expect(contentionGame(game({ betting_line: 0, betting_line_team: 'home' }), spread, now).can_push).toBe(false);
    const won = game({ status: 'completed', home_score: 24, away_score: 20, winner_team_id: 10, betting_line: 7, betting_line_team: 'home' });
    expect(contentionGame(won, DEFAULT_RULES, now).landing).toBe('home');
    expect(contentionGame(won, spread, now).landing).toBe('away');

    const open = game();
    const locked = game({ id: 2, game_date: new Date(now.getTime() - HOUR) });
    const engine = [open, locked].map((one) => contentionGame(one, DEFAULT_RULES, now));
    const shown = publicPicks(engine, [pick(1, 1, 10), pick(1, 2, 20)], new Map([open, locked].map((one) => [one.id, one])));
    expect(shown).toEqual([expect.objectContaining({ user_id: 1, game_id: 2, side: 'away' })]);
  });

  it("calls a game day when a game is in progress or kicks off on the pool's today", () => {
    const zone = 'America/New_York';
    expect(isGameDay([game()], now, zone)).toBe(true);
    expect(isGameDay([game({ game_date: new Date(now.getTime() + 24 * HOUR) })], now, zone)).toBe(false);
    expect(isGameDay([game({ game_date: new Date(now.getTime() + 24 * HOUR), status: 'in_progress' })], now, zone)).toBe(true);
    // 11 pm in New York is already tomorrow in UTC: the pool's day decides.
    const lateEvening = new Date('2026-11-29T04:00:00Z');
    expect(isGameDay([game({ game_date: new Date('2026-11-28T23:30:00Z') })], lateEvening, zone)).toBe(true);
    expect(isGameDay([], now, zone)).toBe(false);
  });

  it('matches If-None-Match lists, strong or weak, and *; tags are weak quoted SHA-1', () => {
    const tag = boardTag('board');
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(boardTag('board')).toBe(tag);
    expect(boardTag('board!')).not.toBe(tag);
    expect(matchesTag(tag, tag)).toBe(true);
    expect(matchesTag(`"a", ${tag}`, tag)).toBe(true);
    expect(matchesTag(tag.slice(2), tag)).toBe(true);
    expect(matchesTag('*', tag)).toBe(true);
    expect(matchesTag(` ${tag} `, tag)).toBe(true);
    expect(matchesTag(['"a"', tag], tag)).toBe(true);
    expect(matchesTag('"a"', tag)).toBe(false);
    expect(matchesTag(undefined, tag)).toBe(false);
  });

  it('sends gzip to readers that take it', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
