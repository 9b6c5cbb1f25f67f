import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Game, GameStatus, Side } from '../games/entities/game.entity';
import { BETTING_LINE_MAX, BETTING_LINE_STEP, RANKING_MAX, RANKING_MIN } from '../games/game-rules';
import type { ExternalGame, ExternalLine, ExternalRank, ExternalTeam, ProviderName } from './providers/provider';
import type { TeamIndex, TeamSuggestion } from './team-matcher';

/** What a provider answered for a week: what a preview is built from and what its apply re-reads (docs/imports.md). */
export interface FetchedWeek {
  games: ExternalGame[];
  lines: ExternalLine[];
  ranks: ExternalRank[];
  /** A file's own choice (CSV): every game it lists is ticked, with its tiebreaker. Absent for a provider. */
  chosen?: { tiebreaker: string | null };
}

export const CHANGE_KINDS = ['new', 'changed', 'unchanged', 'gone', 'cancelled', 'kept'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** The fields a re-import may change on a game of the week, in the order a preview lists them. */
export const CHANGE_FIELDS = ['game_date', 'betting_line', 'betting_line_team', 'home_team_ranking', 'away_team_ranking', 'name', 'status'] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];
const LINE_FIELDS: readonly ChangeField[] = ['betting_line', 'betting_line_team'];

export interface FieldChange {
  field: ChangeField;
  from: string | number | null;
  to: string | number | null;
}

export interface PreviewTeam {
  /** The provider's id of the team; null for a game of the week the provider does not have. */
  external_id: string | null;
  name: string;
  team_id: number | null;
  team_name: string | null;
  rank: number | null;
  conference: string | null;
  classification: string | null;
}

export interface PreviewGame {
  key: string;
  change: ChangeKind;
  changes: FieldChange[];
  game_id: number | null;
  name: string | null;
  game_date: string;
  start_time_tbd: boolean;
  home: PreviewTeam;
  away: PreviewTeam;
  betting_line: number | null;
  betting_line_team: Side | null;
  line_source: string | null;
  line_taken_at: string | null;
  line_frozen: boolean;
  conference_game: boolean;
  neutral_site: boolean;
  fbs_vs_fbs: boolean;
  status: GameStatus;
  selected: boolean;
  is_tiebreaker: boolean;
}

export interface UnmatchedTeam {
  external_id: string;
  name: string;
  conference: string | null;
  classification: string | null;
  /** How many of the week's games it plays in. */
  games: number;
  suggestions: TeamSuggestion[];
}

export interface WeekPreview {
  games: PreviewGame[];
  unmatched_teams: UnmatchedTeam[];
  warnings: string[];
}

/** Our side of the matching: each team's name and classification, and the week's games with their teams. */
export interface PreviewContext {
  weekId: number;
  provider: ProviderName;
  /** LINE_PROVIDER: the sportsbook preferred when a game has several. */
  lineProvider: string;
  index: TeamIndex;
  teams: Map<number, { name: string; classification: string | null }>;
  /** The week's games (teams loaded). */
  existing: Game[];
  /** This provider's games already in another week, by external id ("week 3"): left out, with a warning. */
  elsewhere: Map<string, string>;
}

/** The key of a game of the week the provider does not have. */
export const gameKey = (gameId: number) => `game:${gameId}`;

/** A betting line in our terms: the size of the spread in half points and the favoured side. */
export interface ChosenLine {
  betting_line: number;
  betting_line_team: Side | null;
  source: string;
  taken_at: Date;
}

/**
 * The line of one game (docs/imports.md#lines): LINE_PROVIDER's book when it has a spread, else the first book with
 * one. CFBD's spread is from the home side: −7 is the home team by 7; 0 is a pick'em (line 0, no side).
 */
export function chooseLine(lines: ExternalLine[], preferred: string): ChosenLine | null {
  const withSpread = lines.filter((line) => line.spread !== null && Number.isFinite(line.spread));
  const line = withSpread.find((candidate) => candidate.source === preferred) ?? withSpread[0];
  if (!line) return null;
  const size = Math.round(Math.abs(line.spread!) / BETTING_LINE_STEP) * BETTING_LINE_STEP;
  if (size > BETTING_LINE_MAX) return null;
  return { betting_line: size, betting_line_team: size === 0 ? null : line.spread! < 0 ? 'home' : 'away', source: line.source, taken_at: line.taken_at };
}

/** "cfbd: consensus"; a provider that is its own source ("csv") is named alone. */
export const lineSourceOf = (provider: ProviderName, book: string) => (book === provider ? provider : `${provider}: ${book}`.slice(0, 64));

const ranking = (rank: number | null | undefined): number | null =>
  rank != null && Number.isInteger(rank) && rank >= RANKING_MIN && rank <= RANKING_MAX ? rank : null;

const iso = (date: Date) => date.toISOString();

/**
 * The preview of a week (docs/imports.md#the-api): each provider game matched to our teams and to the week's games
 * (by the provider's id, else by its two teams: a game typed in by hand is adopted), what would change, and the
 * teams still unmatched. Pure: the apply builds it again from the stored fetch inside its transaction.
 */
export function buildPreview(fetched: FetchedWeek, context: PreviewContext): WeekPreview {
  const { provider, index, existing } = context;
  const warnings: string[] = [];
  const linesByGame = groupBy(fetched.lines, (line) => line.game_external_id);
  const rankByExternal = new Map<string, number>();
  const rankByTeam = new Map<number, number>();
  for (const entry of fetched.ranks) {
    rankByExternal.set(entry.team.external_id, entry.rank);
    const matched = index.match(entry.team);
    if (matched) rankByTeam.set(matched.team_id, entry.rank);
  }

  // Claim the week's games: the provider's id first, then the two teams (a game typed in by hand is adopted).
  const claimed = new Map<string, Game>();
  const free = new Set(existing);
  for (const game of existing) {
    if (game.provider !== provider || game.external_id === null) continue;
    if (fetched.games.some((candidate) => candidate.external_id === game.external_id)) {
      claimed.set(game.external_id, game);
      free.delete(game);
    }
  }
  // A file's row that names one of our games (game:<id>) is that game.
  for (const game of fetched.games) {
    const named = [...free].find((candidate) => gameKey(candidate.id) === game.external_id);
    if (named) {
      claimed.set(game.external_id, named);
      free.delete(named);
    }
  }
  const matches = new Map(fetched.games.map((game) => [game.external_id, { home: index.match(game.home), away: index.match(game.away) }]));
  for (const game of fetched.games) {
    if (claimed.has(game.external_id)) continue;
    const { home, away } = matches.get(game.external_id)!;
    if (!home || !away) continue;
    const adopted = [...free].find((candidate) => candidate.home_team_id === home.team_id && candidate.away_team_id === away.team_id);
    if (adopted) {
      claimed.set(game.external_id, adopted);
      free.delete(adopted);
    }
  }

  const games: PreviewGame[] = [];
  const unmatched = new Map<string, UnmatchedTeam>();
  for (const game of fetched.games) {
    const current = claimed.get(game.external_id) ?? null;
    const elsewhere = current ? undefined : context.elsewhere.get(game.external_id);
    if (elsewhere !== undefined) {
      warnings.push(`${describe(game)} is already in ${elsewhere} (imported from ${provider}); it is left out of this week.`);
      continue;
    }
    const { home, away } = matches.get(game.external_id)!;
    const side = (team: ExternalTeam, matched: typeof home, ownRank: number | null): PreviewTeam => {
      if (!matched) {
        const entry = unmatched.get(team.external_id);
        if (entry) entry.games += 1;
        else {
          unmatched.set(team.external_id, {
            external_id: team.external_id,
            name: team.name,
            conference: team.conference,
            classification: team.classification,
            games: 1,
            suggestions: index.suggestions(team.name),
          });
        }
      }
      const rank = rankByExternal.get(team.external_id) ?? (matched ? rankByTeam.get(matched.team_id) : undefined) ?? ownRank;
      return {
        external_id: team.external_id,
        name: team.name,
        team_id: matched?.team_id ?? null,
        team_name: matched?.team_name ?? null,
        rank: ranking(rank),
        conference: team.conference,
        classification: team.classification ?? (matched ? (context.teams.get(matched.team_id)?.classification ?? null) : null),
      };
    };
    const homeSide = side(game.home, home, game.home_rank);
    const awaySide = side(game.away, away, game.away_rank);
    const line = chooseLine(linesByGame.get(game.external_id) ?? [], context.lineProvider);
    const cancelled = game.status === 'cancelled';
    if (game.start_time_tbd) {
      warnings.push(`${describe(game)}: the kickoff time is not set yet (TBD); the provider's date ${iso(game.kickoff)} is used until it is.`);
    }

    const target = {
      game_date: iso(game.kickoff),
      betting_line: line ? line.betting_line : (current?.betting_line ?? null),
      betting_line_team: line ? line.betting_line_team : (current?.betting_line_team ?? null),
      home_team_ranking: homeSide.rank,
      away_team_ranking: awaySide.rank,
      name: game.name ?? current?.name ?? null,
      status: cancelled ? ('cancelled' as const) : (current?.status ?? ('scheduled' as const)),
    };
    const changes: FieldChange[] = [];
    if (current) {
      const before: Record<ChangeField, string | number | null> = {
        game_date: iso(current.game_date),
        betting_line: current.betting_line,
        betting_line_team: current.betting_line_team,
        home_team_ranking: current.home_team_ranking,
        away_team_ranking: current.away_team_ranking,
        name: current.name,
        status: current.status,
      };
      for (const field of CHANGE_FIELDS) if (before[field] !== target[field]) changes.push({ field, from: before[field], to: target[field] });
    }
    const lineChanged = changes.some((entry) => LINE_FIELDS.includes(entry.field));
    const change: ChangeKind = cancelled && current?.status !== 'cancelled' ? 'cancelled' : !current ? 'new' : changes.length > 0 ? 'changed' : 'unchanged';
    const lineFromProvider = line && (!current || lineChanged);
    games.push({
      key: game.external_id,
      change,
      changes,
      game_id: current?.id ?? null,
      name: target.name,
      game_date: target.game_date,
      start_time_tbd: game.start_time_tbd,
      home: homeSide,
      away: awaySide,
      betting_line: target.betting_line,
      betting_line_team: target.betting_line_team,
      line_source: lineFromProvider ? lineSourceOf(provider, line.source) : (current?.line_source ?? null),
      line_taken_at: lineFromProvider ? iso(line.taken_at) : (current?.line_taken_at ? iso(current.line_taken_at) : null),
      line_frozen: current !== null && current.betting_line !== null && lineChanged,
      conference_game: game.conference_game,
      neutral_site: game.neutral_site,
      fbs_vs_fbs: homeSide.classification === 'fbs' && awaySide.classification === 'fbs',
      status: target.status,
      selected: fetched.chosen !== undefined || current !== null,
      is_tiebreaker: fetched.chosen ? fetched.chosen.tiebreaker === game.external_id : (current?.is_tiebreaker ?? false),
    });
  }

  // What the provider does not have: gone (it had it before) or kept (typed in by hand, or from another provider).
  for (const game of free) {
    const own = (team: Game['home_team'], teamId: number, rank: number | null): PreviewTeam => {
      const known = context.teams.get(teamId);
      return { external_id: null, name: team?.name ?? known?.name ?? `team ${teamId}`, team_id: teamId, team_name: team?.name ?? known?.name ?? null, rank, conference: null, classification: known?.classification ?? null };
    };
    const home = own(game.home_team, game.home_team_id, game.home_team_ranking);
    const away = own(game.away_team, game.away_team_id, game.away_team_ranking);
    games.push({
      key: gameKey(game.id),
      change: game.provider === provider ? 'gone' : 'kept',
      changes: [],
      game_id: game.id,
      name: game.name,
      game_date: iso(game.game_date),
      start_time_tbd: false,
      home,
      away,
      betting_line: game.betting_line,
      betting_line_team: game.betting_line_team,
      line_source: game.line_source,
      line_taken_at: game.line_taken_at ? iso(game.line_taken_at) : null,
      line_frozen: false,
      conference_game: false,
      neutral_site: false,
      fbs_vs_fbs: home.classification === 'fbs' && away.classification === 'fbs',
      status: game.status,
      // A file lists the games the admin wants: one it left out is unticked (removed on apply unless ticked again).
      selected: fetched.chosen === undefined,
      is_tiebreaker: game.is_tiebreaker,
    });
  }

  games.sort((a, b) => a.game_date.localeCompare(b.game_date) || a.key.localeCompare(b.key));
  const unmatchedTeams = [...unmatched.values()].sort((a, b) => a.name.localeCompare(b.name));
  return { games, unmatched_teams: unmatchedTeams, warnings };
}

/** "Iowa State at Kansas State (401756846)". */
function describe(game: ExternalGame): string {
  return `${game.away.name} at ${game.home.name} (${game.external_id})`;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * The state of a week's games as a preview saw it: an apply refuses when it differs (an admin edited, added or
 * removed a game since). Content as well as updated_at, which SQLite keeps to the second.
 */
export function weekFingerprint(games: Game[]): string {
  const rows = [...games]
    .sort((a, b) => a.id - b.id)
    .map((game) => [
      game.id,
      game.updated_at ? new Date(game.updated_at).getTime() : null,
      game.home_team_id,
      game.away_team_id,
      new Date(game.game_date).getTime(),
      game.betting_line,
      game.betting_line_team,
      game.home_team_ranking,
      game.away_team_ranking,
      game.name,
      game.status,
      game.is_tiebreaker,
      game.provider,
      game.external_id,
    ]);
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

/** A week preview's stored payload: what was fetched, and the state of the week it was compared with. */
export interface WeekPayload {
  fetched: FetchedWeek;
  fingerprint: string;
  preview: WeekPreview;
}

/** gzip + base64 of the JSON (docs/imports.md): a TEXT column holds any week. */
export function packPayload(payload: unknown): string {
  return gzipSync(Buffer.from(JSON.stringify(payload))).toString('base64');
}

export function unpackPayload<T>(packed: string): T {
  return JSON.parse(gunzipSync(Buffer.from(packed, 'base64')).toString('utf8')) as T;
}

/** The fetched week read back from its JSON: the instants become dates again. */
export function reviveFetched(fetched: FetchedWeek): FetchedWeek {
  return {
    games: fetched.games.map((game) => ({ ...game, kickoff: new Date(game.kickoff) })),
    lines: fetched.lines.map((line) => ({ ...line, taken_at: new Date(line.taken_at) })),
    ranks: fetched.ranks,
  };
}
