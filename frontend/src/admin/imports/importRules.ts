/** The import preview's rules, pure so they are easy to test: texts, filters, and "take the N biggest games". */
import { formatDateTime, formatWeekdayTime } from '../../format';
import type { ChangeKind, FieldChange, PreviewGame, PreviewTeam } from './importTypes';

/** docs/product.md#constants: the weekly e-mail needs exactly 10 games with 1 tiebreaker. */
export const WEEKLY_GAMES = 10;

export const CHANGE_LABELS: Record<ChangeKind, string> = {
  new: 'New',
  changed: 'Changed',
  unchanged: 'Unchanged',
  gone: 'Gone',
  cancelled: 'Cancelled',
  kept: 'Kept',
};

/** Our team's name when matched, else the provider's. */
export const teamName = (team: PreviewTeam) => team.team_name ?? team.name;
export const isMatched = (team: PreviewTeam) => team.team_id !== null && team.team_id !== undefined;
const ranked = (team: PreviewTeam) => `${team.rank ? `#${team.rank} ` : ''}${teamName(team)}`;

/** "#1 Texas @ #3 Ohio State": away at home with AP ranks, as the games list writes a matchup. */
export const previewMatchup = (game: Pick<PreviewGame, 'home' | 'away'>) => `${ranked(game.away)} @ ${ranked(game.home)}`;
/** "Texas @ Ohio State": the same without ranks (the counter's tiebreaker). */
export const plainMatchup = (game: Pick<PreviewGame, 'home' | 'away'>) => `${teamName(game.away)} @ ${teamName(game.home)}`;

/** The teams of a game that are not in the pool yet. */
export const unmatchedOf = (game: Pick<PreviewGame, 'home' | 'away'>) => [game.away, game.home].filter((team) => !isMatched(team));
export const selectable = (game: PreviewGame) => unmatchedOf(game).length === 0;

const MINUS = '\u2212';
const num = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));

/** "Texas −7.5", "Pick'em" at 0, nothing without a line. */
export function previewLineText(line: unknown, side: unknown, game: Pick<PreviewGame, 'home' | 'away'>): string | null {
  const size = num(line);
  if (size === null || Number.isNaN(size)) return null;
  if (size === 0) return "Pick'em";
  const favoured = side === 'home' ? game.home : side === 'away' ? game.away : null;
  return favoured ? `${teamName(favoured)} ${MINUS}${size}` : `${size}`;
}

export const kickoffText = (game: Pick<PreviewGame, 'game_date' | 'start_time_tbd'>) =>
  game.start_time_tbd ? `${formatDateTime(game.game_date).replace(/, [^,]*$/, '')}, time TBD` : formatDateTime(game.game_date);

const LINE_FIELDS = ['betting_line', 'betting_line_team'];
const RANK_FIELDS: Record<string, 'home' | 'away'> = { home_team_ranking: 'home', away_team_ranking: 'away' };
const rankText = (value: unknown) => (num(value) ? `#${num(value)}` : 'unranked');
const plain = (value: unknown) => (value === null || value === undefined || value === '' ? 'none' : String(value));

/**
 * The changes of a game as a person reads them: "kickoff Sat 3:30 PM → Sat 7:30 PM", "line Texas −7 → −7.5",
 * "Ohio State rank #3 → #2". The line's size and side change together, so they make one text.
 */
export function changeTexts(game: PreviewGame): string[] {
  const texts: string[] = [];
  const lineChanges = game.changes.filter((change) => LINE_FIELDS.includes(change.field));
  for (const change of game.changes) {
    if (LINE_FIELDS.includes(change.field)) continue;
    texts.push(fieldChangeText(change, game));
  }
  if (lineChanges.length > 0) {
    const value = (field: string, which: 'from' | 'to') => {
      const change = lineChanges.find((one) => one.field === field);
      return change ? change[which] : (game as unknown as Record<string, unknown>)[field];
    };
    const before = previewLineText(value('betting_line', 'from'), value('betting_line_team', 'from'), game) ?? 'no line';
    const after = previewLineText(value('betting_line', 'to'), value('betting_line_team', 'to'), game) ?? 'no line';
    const favouredBefore = before.slice(0, before.lastIndexOf(` ${MINUS}`));
    // The same favourite is named once: "line Texas −7 → −7.5".
    const shortAfter = before.includes(MINUS) && after.includes(MINUS) && after.startsWith(`${favouredBefore} ${MINUS}`) ? after.slice(favouredBefore.length + 1) : after;
    texts.push(`line ${before} → ${shortAfter}`);
  }
  return texts;
}

function fieldChangeText(change: FieldChange, game: PreviewGame): string {
  if (change.field === 'game_date') {
    const when = (value: unknown) => (typeof value === 'string' && value ? formatWeekdayTime(value) : 'none');
    return `kickoff ${when(change.from)} → ${when(change.to)}`;
  }
  const side = RANK_FIELDS[change.field];
  if (side) return `${teamName(game[side])} rank ${rankText(change.from)} → ${rankText(change.to)}`;
  if (change.field === 'name') return `name ${plain(change.from)} → ${plain(change.to)}`;
  if (change.field === 'status') return `status ${plain(change.from)} → ${plain(change.to)}`;
  return `${change.field.replace(/_/g, ' ')} ${plain(change.from)} → ${plain(change.to)}`;
}

/** A line change the admin must confirm: the picks are open, so the stored line stays unless ticked. */
export const frozenLineChange = (game: PreviewGame) => game.line_frozen && game.changes.some((change) => LINE_FIELDS.includes(change.field));

export interface PreviewFilters {
  rankedOnly: boolean;
  conference: string;
  fbsOnly: boolean;
}

export const NO_FILTERS: PreviewFilters = { rankedOnly: false, conference: '', fbsOnly: false };

export const conferencesOf = (games: PreviewGame[]) =>
  [...new Set(games.flatMap((game) => [game.home.conference, game.away.conference]).filter((name): name is string => !!name))].sort((a, b) => a.localeCompare(b));

export function matchesFilters(game: PreviewGame, filters: PreviewFilters): boolean {
  if (filters.rankedOnly && !game.home.rank && !game.away.rank) return false;
  if (filters.fbsOnly && !game.fbs_vs_fbs) return false;
  if (filters.conference && game.home.conference !== filters.conference && game.away.conference !== filters.conference) return false;
  return true;
}

/**
 * How big a game is, smallest first: both teams ranked (by the sum of their ranks), then one ranked (by its rank),
 * then the rest; within each, FBS vs FBS before the others, then the earlier kickoff.
 */
export function biggestFirst(a: PreviewGame, b: PreviewGame): number {
  const key = (game: PreviewGame) => {
    const ranks = [game.home.rank, game.away.rank].filter((rank): rank is number => !!rank);
    const tier = ranks.length === 2 ? 0 : ranks.length === 1 ? 1 : 2;
    return [tier, ranks.reduce((sum, rank) => sum + rank, 0), game.fbs_vs_fbs ? 0 : 1, Date.parse(game.game_date)];
  };
  const [ka, kb] = [key(a), key(b)];
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
  return 0;
}

/** Games that can be in the week: both teams in the pool, and still played. */
const candidate = (game: PreviewGame) => selectable(game) && game.change !== 'gone' && game.change !== 'cancelled' && game.status !== 'cancelled';

/**
 * "Take the N biggest games": of the games shown (the filters apply), the N biggest that can be in the week; the
 * biggest is the tiebreaker. Every other game is unticked.
 */
export function takeBiggest(shown: PreviewGame[], n: number): { selected: Set<string>; tiebreaker: string | null } {
  const chosen = shown.filter(candidate).sort(biggestFirst).slice(0, Math.max(0, n));
  return { selected: new Set(chosen.map((game) => game.key)), tiebreaker: chosen[0]?.key ?? null };
}

/** "10 games selected · tiebreaker: Texas @ Ohio State". */
export function counterText(count: number, tiebreaker: PreviewGame | null): string {
  return `${count} game${count === 1 ? '' : 's'} selected · ${tiebreaker ? `tiebreaker: ${plainMatchup(tiebreaker)}` : 'no tiebreaker'}`;
}

/** The weekly e-mail's rule, as a warning that does not block applying; null when the selection keeps it. */
export function weeklyRuleWarning(count: number, hasTiebreaker: boolean, gamesPerWeek: number | null = WEEKLY_GAMES): string | null {
  if ((gamesPerWeek === null ? count > 0 : count === gamesPerWeek) && hasTiebreaker) return null;
  const needed = gamesPerWeek === null ? 'at least 1 game' : `exactly ${gamesPerWeek} game${gamesPerWeek === 1 ? '' : 's'}`;
  return `The weekly e-mail needs ${needed} and 1 tiebreaker; this selection has ${count} game${count === 1 ? '' : 's'} and ${hasTiebreaker ? '1 tiebreaker' : 'no tiebreaker'}.`;
}

/** "Created 10 games, updated 0, removed 0". */
export const appliedText = (result: { created: number; updated: number; removed: number }) =>
  `Created ${result.created} game${result.created === 1 ? '' : 's'}, updated ${result.updated}, removed ${result.removed}`;

/**
 * The columns of a week's CSV file as Import Games explains them (docs/imports.md#csv): the server's export order, the
 * three it requires, and what each takes.
 */
export const CSV_COLUMNS: { name: string; required?: true; text: string }[] = [
  { name: 'game_id', text: "Blank for a new game; a game's id (as the template has it) changes that game." },
  { name: 'game_date', required: true, text: 'The kickoff, in one of the forms below.' },
  { name: 'away_team', required: true, text: "The visiting team's name, as the pool or the team's alternate names spell it." },
  { name: 'home_team', required: true, text: "The home team's name." },
  { name: 'away_rank', text: 'AP rank, 1 to 25; blank when unranked.' },
  { name: 'home_rank', text: 'AP rank, 1 to 25; blank when unranked.' },
  { name: 'betting_line', text: 'Points, in half points (7 or 3.5); 0 for a pick\u2019em; blank for no line.' },
  { name: 'betting_line_team', text: 'The favoured side: home or away (needed with a line above 0).' },
  { name: 'is_tiebreaker', text: 'yes for the one tiebreaker game; blank or no for the others.' },
  { name: 'status', text: 'scheduled, in_progress, completed, cancelled or postponed; blank is scheduled (completed with both scores).' },
  { name: 'away_score', text: 'Whole points; give both scores or neither.' },
  { name: 'home_score', text: 'Whole points.' },
  { name: 'name', text: 'The game\u2019s name, such as a bowl; optional.' },
];

/** The kickoff forms a file may use (the server's parseKickoff reads exactly these). */
export const CSV_KICKOFF_FORMS = ['12/31/2026 7:30 PM', '12/31/2026 19:30', '2026-12-31 19:30', '2026-12-31T19:30:00Z'];

/** A short file that imports as it stands (the columns it leaves out are blank): one new game, the tiebreaker. */
export const CSV_EXAMPLE = ['game_date,away_team,home_team,betting_line,betting_line_team,is_tiebreaker', '9/5/2026 7:30 PM,Texas,Ohio State,2.5,home,yes'];
