import { negotiate } from '@fastify/accept-negotiator';
import { createHash } from 'node:crypto';
import { coverOf, landingOf } from '../games/cover';
import type { Game } from '../games/entities/game.entity';
import { isLocked } from '../games/pick-window';
import type { ContentionGame, ContentionPick } from '../results/contention';
import type { SeasonRules } from '../seasons/season-rules';
import { calendarDate } from '../seasons/weeks/week-status';
import { teamRef } from '../picks/dto/pick-response.dto';
import type { Pick as PickEntity } from '../picks/entities/pick.entity';
import type { LiveGameDto } from './dto/live-board.dto';

/**
 * The pure parts of the live board (docs/saturday.md#the-live-board): what a game shows, what the contention engine
 * is given, and the answer's tag. The service gathers the rows; these decide what of them is public.
 */

/** The route config flag (Fastify's `config`) of GET /live, which LiveFastPath answers before Nest's pipeline. */
export const LIVE_FAST_PATH = 'liveFastPath';

/** The board's viewer: nobody in particular, so the pick grid shows a pick only once its game is locked. */
export const PUBLIC_VIEWER = { id: 0, role: 'user' as const };

/** How many picks chose each team, by game and team. */
export function teamCounts(picks: PickEntity[]): Map<number, Map<number, number>> {
  const counts = new Map<number, Map<number, number>>();
  for (const pick of picks) {
    let teams = counts.get(pick.game_id);
    if (!teams) counts.set(pick.game_id, (teams = new Map()));
    teams.set(pick.selected_team_id, (teams.get(pick.selected_team_id) ?? 0) + 1);
  }
  return counts;
}

/** A game on the board; its pick counts only once locked, so the board never tells who leans which way before. */
export function liveGame(game: Game, counts: Map<number, Map<number, number>>, now: Date): LiveGameDto {
  const locked = isLocked(game, now);
  const teams = counts.get(game.id);
  const pick_counts = locked ? { home: teams?.get(game.home_team_id) ?? 0, away: teams?.get(game.away_team_id) ?? 0 } : null;
  return {
    id: game.id,
    home_team: teamRef(game.home_team!),
    away_team: teamRef(game.away_team!),
    game_date: game.game_date,
    status: game.status,
    home_score: game.home_score,
    away_score: game.away_score,
    winner_team_id: game.winner_team_id,
    is_tiebreaker: game.is_tiebreaker,
    locked,
    betting_line: game.betting_line,
    betting_line_team: game.betting_line_team,
    cover: game.status === 'cancelled' ? null : coverOf(game),
    pick_counts,
  };
}

/** A game as the contention engine reads it. */
export function contentionGame(game: Game, rules: SeasonRules, now: Date): ContentionGame {
  const landing = landingOf(game, rules);
  return {
    id: game.id,
    home_team_id: game.home_team_id,
    away_team_id: game.away_team_id,
    home_name: game.home_team!.name,
    away_name: game.away_team!.name,
    status: game.status,
    landing,
    // Only against the spread, on a whole-number line: a half-point line cannot be hit, and without a line (or on a
    // pick'em, 0) a push would be a tie, which a completed game cannot be.
    can_push: landing === null && game.status !== 'cancelled' && rules.pick_mode === 'spread' && !!game.betting_line && Number.isInteger(game.betting_line),
    is_tiebreaker: game.is_tiebreaker,
    betting_line: game.betting_line,
    betting_line_team: game.betting_line_team,
    home_score: landing === null ? null : game.home_score,
    away_score: landing === null ? null : game.away_score,
    locked: isLocked(game, now),
    game_date: game.game_date,
  };
}

/** The public picks of the week: those of locked games only (the pick grid's rule). */
export function publicPicks(games: ContentionGame[], picks: PickEntity[], byId: Map<number, Game>): ContentionPick[] {
  const locked = new Set(games.filter((game) => game.locked).map((game) => game.id));
  return picks
    .filter((pick) => locked.has(pick.game_id))
    .map((pick) => ({
      user_id: pick.user_id,
      game_id: pick.game_id,
      side: pick.selected_team_id === byId.get(pick.game_id)!.home_team_id ? 'home' : 'away',
      confidence: pick.confidence,
      is_lock: pick.is_lock,
      tiebreaker_home_score: pick.tiebreaker_home_score,
      tiebreaker_away_score: pick.tiebreaker_away_score,
    }));
}

/** Whether the games make a game day: one is in progress, or one kicks off today in the pool's time zone. */
export function isGameDay(games: Pick<Game, 'status' | 'game_date'>[], now: Date, timeZone: string): boolean {
  const today = calendarDate(now, timeZone);
  return games.some((game) => game.status === 'in_progress' || calendarDate(game.game_date, timeZone) === today);
}

/**
 * The answer's ETag: SHA-1 of what it is built from, base64url, weak (W/) because the plain and the gzipped bytes
 * carry the same tag (RFC 9110 §8.8.1: a strong tag would have to differ per content coding).
 */
export const boardTag = (text: string): string => `W/"${createHash('sha1').update(text).digest('base64url')}"`;

/** Whether an If-None-Match header names the tag: a list of tags, or `*`; compared weakly (RFC 9110 §13.1.2). */
export function matchesTag(header: string | string[] | undefined, tag: string): boolean {
  if (header === undefined) return false;
  // What a polling page sends: the tag it was given, as it was given.
  if (header === tag) return true;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  // One tag, as a page that has a tag of an older version sends it.
  if (typeof header === 'string' && !header.includes(',')) return header.trim() === '*' || opaque(header) === opaque(tag);
  return [header]
    .flat()
    .flatMap((value) => value.split(','))
    .some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(tag));
}

/** Whether the reader takes gzip (every browser does); `gzip;q=0` refuses it. */
export const acceptsGzip = (header: string | undefined): boolean => header !== undefined && negotiate(header, ['gzip']) === 'gzip';
