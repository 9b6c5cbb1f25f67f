import { LRUCache } from 'lru-cache';
import type { Game } from '../games/entities/game.entity';
import { landingOf } from '../games/cover';
import { isLocked } from '../games/pick-window';
import type { PickGridCellDto, PickGridMemberDto } from '../picks/dto/pick-grid-response.dto';
import type { Pick as PickEntity } from '../picks/entities/pick.entity';
import { buildPickGrid } from '../picks/pick-grid';
import { weekContention } from '../results/contention';
import type { ContenderDto, ContentionDto } from '../results/dto/contention.dto';
import type { SeasonRules } from '../seasons/season-rules';
import type { Week } from '../seasons/weeks/entities/week.entity';
import type { LiveBoardDto, LiveGameDto } from './dto/live-board.dto';
import type { GzipPrefix } from './gzip-tail';
import { boardTag, contentionGame, isGameDay, liveGame, PUBLIC_VIEWER, publicPicks, teamCounts } from './live-board';
import { seasonRace } from './season-race';
import { survivorLive } from './survivor-live';
import type { WeekPicks, WeekReads } from './week-reads';

/** `top`: what a phone shows (the default); `all`: every row and contender. */
export type LiveRows = 'top' | 'all';

/** A shared part: its JSON and, deflated once, its gzip prefix. */
export interface Encoded {
  json: Buffer;
  gzip: GzipPrefix;
}

/** The board every reader shares (one per version): what the pick grid and the engine made of the week. */
export interface Board {
  /** Stands for exactly what the shared parts are made of. */
  tag: string;
  /**
   * What the board is made of (the rules, the week, the games, the members, the picks as everyone may see them, which
   * games are locked, whether it is a game day, the season's rows): a build that finds it unchanged keeps the board,
   * tag and time included, and spends nothing on the grid, the engine, the JSON or gzip.
   */
  key: string;
  heading: LiveBoardDto['week'];
  generated_at: Date;
  game_day: boolean;
  games: LiveGameDto[];
  /** The survivor contest right now (null: none covers the week). */
  survivor: LiveBoardDto['survivor'];
  /** The grid's rows (the grid's own, kept with it). */
  rows: PickGridMemberDto[];
  grid: Grid;
  contention: { week: ContentionDto; season: ContentionDto | null };
  engine: Engine;
  /**
   * Each reader's `me` as JSON, by member and own key: kept across versions while the grid, the engine's answer and
   * the hidden cells are the ones they were made of (a score moving within how its game lands changes none of them).
   */
  mine: LRUCache<string, string>;
  /** The shared parts by rows, made on first use. */
  prefixes: Partial<Record<LiveRows, Promise<Encoded>>>;
  /** Pages of rows asked for (GET /live/members), made on first use; a few kept. */
  pages: LRUCache<string, Promise<{ etag: string; json: Buffer; gzipped: Buffer }>>;
  /** The games whose picks the board shows. */
  locked: Set<number>;
  /**
   * Each reader's tag and tail by rows, member and own key (their picks others cannot see yet): made once per
   * version of the board and of their own picks, the bytes only when first sent (a 304 needs the tag alone).
   */
  tails: LRUCache<string, { etag: string; tail?: Buffer }>;
}

/**
 * The public pick grid's rows: made again only when what its cells and records read changes, so a score
 * moving in a game in progress without changing how it lands keeps them.
 */
export interface Grid {
  key: string;
  rows: PickGridMemberDto[];
  /** Each row by member id. */
  rowOf: Map<number, PickGridMemberDto>;
}

/**
 * What the engine was given (the games as it reads them, the shown picks, the members, the rules, the season's rows)
 * and its answer, with the answer's JSON: a score moving in a game not decided yet changes the board but not this, so
 * the next version keeps the engine's answer instead of working both races out again.
 */
export interface Engine {
  inputs: string;
  json: string;
  contention: { week: ContentionDto; season: ContentionDto | null };
  /** Each race's contender by member id, made on first use. */
  racers?: { week: Map<number, ContenderDto>; season: Map<number, ContenderDto> };
}

/**
 * The week's picks of its players, each with its team (the pick grid shows it once locked), all and by member: made
 * again only when the picks, the games' teams or the players change.
 */
interface PlayedPicks {
  key: string;
  picks: PickEntity[];
  byMember: Map<number, PickEntity[]>;
  /** How many picked each side, by game and team, made on first use. */
  counts?: Map<number, Map<number, number>>;
}

/**
 * A build: the shared board, and what each reader's own part is made of. Rebuilt every LIVE_BOARD_TTL_MS while read;
 * the board carries over when unchanged, the own parts are always this build's (a member's pick of a game not locked
 * yet changes only their own part).
 */
export interface Built {
  board: Board;
  week: Week;
  games: Game[];
  rules: SeasonRules;
  now: Date;
  /** The picks as read, kept for the next build while their stamp holds. */
  read: WeekPicks;
  played: PlayedPicks;
  /** What of the picks everyone may see, for the board's key: made again when the picks or the locked games change. */
  shownPicks: { of: string; key: string };
  /** What the board hides: carried over to the next build while its key is the same. */
  hidden: Hidden;
}

/**
 * The games not locked yet and everyone's picks of them, which the board hides from all but their member. Its key
 * stands for all the cells are made of (the rules, those games, the members, the picks' generation), so a build that
 * finds the same key keeps the cells made before: a score moving in a game in progress does not touch them.
 */
export interface Hidden {
  key: string;
  games: Game[];
  members: PickGridMemberDto['user'][];
  picks: PickEntity[];
  /** Each member's own key (ownKey), made on first use. */
  keys?: Map<number, string>;
  /** Each member's own cells of those games (as they see them), by game: made when the first is sent. */
  cells?: Map<number, Map<number, PickGridCellDto>>;
}

/** A game's columns as the board's key holds them: not when the row was written. */
const gameColumns = (key: string, value: unknown) => (key === 'created_at' || key === 'updated_at' ? undefined : value);

/** The board of what a build read; `before`, the build it replaces, lends it what has not changed. */
export function buildBoard({ week, rules, games, members, picks: read, season, survivor: contest }: WeekReads, before: Built | undefined, now: Date, timeZone: string): Built {
  const byId = new Map(games.map((game) => [game.id, game]));
  const memberRefs = members.map((member) => ({ id: member.id, name: member.name }));
  const membersKey = JSON.stringify(memberRefs);
  const teamsKey = JSON.stringify(games.map((game) => [game.id, game.home_team, game.away_team]));
  const playedKey = `${read.generation}\n${teamsKey}\n${membersKey}`;
  const played = before && before.played.key === playedKey ? before.played : playedPicks(playedKey, read, byId, members);

  const open = new Set(games.filter((game) => !isLocked(game, now)).map((game) => game.id));
  const hiddenGames = games.filter((game) => open.has(game.id));
  const hiddenKey = JSON.stringify([rules, week.id, hiddenGames, read.generation]) + membersKey;
  const hidden: Hidden =
    before && before.hidden.key === hiddenKey
      ? before.hidden
      : { key: hiddenKey, games: hiddenGames, members: memberRefs, picks: played.picks.filter((pick) => open.has(pick.game_id)) };
  const lockedKey = games.filter((game) => !open.has(game.id)).map((game) => game.id).join(',');
  const shownOf = `${lockedKey}\n${played.key}`;
  const shownPicks = before && before.shownPicks.of === shownOf ? before.shownPicks : { of: shownOf, key: shownPicksKey(played.picks, open) };
  const own = { week, games, rules, now, read, played, shownPicks, hidden };

  const heading = { id: week.id, number: week.number, football_season_id: week.football_season_id, season_name: week.football_season!.name };
  const game_day = isGameDay(games, now, timeZone);
  const survivor = contest ? survivorLive(contest, games, now) : null;
  // The grid, the games shown and the engine are functions of these (`now` only through which games are locked). A
  // pick of a game not locked yet counts only by being there: changing it keeps the board (only its member's part
  // moves).
  const key = JSON.stringify([rules, heading, JSON.stringify(games, gameColumns), lockedKey, game_day, season, membersKey, survivor]) + shownPicks.key;
  if (before && before.board.key === key) return { board: before.board, ...own };

  // What the grid reads of a game (pick-grid.ts): its teams, how it landed, whether it is cancelled or locked, and
  // the tiebreaker game's score; with the players' picks (their generation, teams and players) and the rules.
  const gridKey = JSON.stringify([
    rules,
    lockedKey,
    games.map((game) => [game.id, game.home_team_id, game.away_team_id, game.status === 'cancelled', landingOf(game, rules), game.is_tiebreaker && [game.home_score, game.away_score]]),
  ]) + played.key;
  const grid = before && before.board.grid.key === gridKey ? before.board.grid : gridOf(gridKey, { week, games, members, picks: played.picks, viewer: PUBLIC_VIEWER, now, rules });
  played.counts ??= teamCounts(played.picks);
  const counts = played.counts;
  const shown = { game_day, survivor, games: games.map((game) => liveGame(game, counts, now)), rows: grid.rows };

  const engineGames = games.map((game) => contentionGame(game, rules, now));
  // The engine is a pure function of these: the same inputs as the board before, the same answer. It reads a
  // game's score only for the tiebreaker (the others by how they land), and its status only to leave a cancelled
  // game out (a game in progress is undecided like a scheduled one until it lands), so a score that moves a game,
  // its first one included, without changing its winner or cover keeps the races as they were. The public picks are
  // a function of the shown picks' key and the games' sides.
  const engineKey = engineGames.map((game) => ({
    ...game,
    status: game.status === 'cancelled' ? 'cancelled' : 'played',
    ...(game.is_tiebreaker ? {} : { home_score: null, away_score: null }),
  }));
  const engineInputs = JSON.stringify([rules, engineKey, week.id, season, membersKey]) + shownPicks.key;
  let engine: Engine;
  if (before && before.board.engine.inputs === engineInputs) engine = before.board.engine;
  else {
    const publicOnly = publicPicks(engineGames, played.picks, byId);
    const contention = {
      week: weekContention({ rules, members: memberRefs, games: engineGames, picks: publicOnly }),
      season: seasonRace(week, rules, memberRefs, engineGames, publicOnly, season),
    };
    engine = { inputs: engineInputs, json: JSON.stringify(contention), contention };
  }
  const generated_at = now;
  // A hash of all the board is made of, so a tag stands for exactly these bytes.
  const tag = boardTag(`${generated_at.toISOString()}\n${key}\n${engine.json}`);
  const kept = before && before.board.grid === grid && before.board.engine === engine && before.hidden === hidden;
  const board: Board = {
    tag,
    key,
    heading,
    generated_at,
    ...shown,
    grid,
    contention: engine.contention,
    engine,
    mine: kept ? before.board.mine : new LRUCache({ max: 20_000 }),
    prefixes: {},
    pages: new LRUCache({ max: 16 }),
    tails: new LRUCache({ max: 20_000 }),
    locked: new Set(shown.games.filter((game) => game.locked).map((game) => game.id)),
  };
  return { board, ...own };
}

function gridOf(key: string, input: Parameters<typeof buildPickGrid>[0]): Grid {
  const rows = buildPickGrid(input).members;
  return { key, rows, rowOf: new Map(rows.map((row) => [row.user.id, row])) };
}

/** The players' picks of the week's games, each given its team (fresh objects: the read rows stay as read). */
function playedPicks(key: string, read: WeekPicks, byId: Map<number, Game>, members: { id: number }[]): PlayedPicks {
  const playing = new Set(members.map((member) => member.id));
  const picks: PickEntity[] = [];
  const byMember = new Map<number, PickEntity[]>();
  for (const row of read.rows) {
    const game = byId.get(row.game_id);
    if (!game || !playing.has(row.user_id)) continue;
    const team = row.selected_team_id === game.home_team_id ? game.home_team! : game.away_team!;
    const pick = { ...row, selected_team: team } as PickEntity;
    picks.push(pick);
    const own = byMember.get(row.user_id);
    if (own) own.push(pick);
    else byMember.set(row.user_id, [pick]);
  }
  return { key, picks, byMember };
}

/** The picks as everyone may see them: every value of a locked game's pick, only that there is one of an open game's. */
function shownPicksKey(picks: PickEntity[], open: Set<number>): string {
  return picks
    .map((pick) =>
      open.has(pick.game_id)
        ? `${pick.user_id}.${pick.game_id}`
        : `${pick.user_id}.${pick.game_id}.${pick.selected_team_id}.${pick.is_correct}.${pick.confidence}.${pick.is_lock}.${pick.tiebreaker_home_score}.${pick.tiebreaker_away_score}`,
    )
    .join(',');
}
