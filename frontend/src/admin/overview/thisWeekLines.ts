import type { Game, MissingPicks } from '../../api/types';
import { dateTimeText } from '../../format';
import { calculationText } from '../results/calculationText';
import type { Pot, ResultsStatus, ScoreSyncRun, WeeklySendStatus } from '../dataProvider';

/** done: nothing left to do; todo: the next step is the admin's; attention: something went wrong or is off. */
export type LineState = 'done' | 'todo' | 'attention';

export interface LineStatus {
  state: LineState;
  text: string;
}

export const STATE_LABELS: Record<LineState, string> = { done: 'Done', todo: 'To do', attention: 'Needs attention' };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const matchup = (game: Pick<Game, 'home_team' | 'away_team'>) => `${game.away_team?.name ?? 'TBD'} @ ${game.home_team?.name ?? 'TBD'}`;
const played = (game: Pick<Game, 'status'>) => game.status !== 'cancelled';

/**
 * Games set: the season's games per week (null: every game of the week counts, so any number will do) and one
 * tiebreaker, the weekly e-mail's rule.
 */
export function gamesLine(games: readonly Game[], gamesPerWeek: number | null): LineStatus {
  const count = games.filter(played).length;
  const tiebreaker = games.find((game) => played(game) && game.is_tiebreaker);
  const of = gamesPerWeek === null ? plural(count, 'game') : `${count} of ${gamesPerWeek} games`;
  if (count === 0) return { state: 'todo', text: `No games set yet${gamesPerWeek === null ? '' : `: the week needs ${gamesPerWeek}`}, one of them the tiebreaker.` };
  const rightCount = gamesPerWeek === null || count === gamesPerWeek;
  if (rightCount && tiebreaker) return { state: 'done', text: `${of} set, tiebreaker ${matchup(tiebreaker)}.` };
  return { state: 'attention', text: `${of} set${tiebreaker ? `, tiebreaker ${matchup(tiebreaker)}` : ', no tiebreaker yet'}.` };
}

/**
 * The weekly e-mail: when it was last sent and to how many members in all (a later send reaches only the members the
 * earlier ones missed), and what the mail server refused or still holds.
 */
export function emailLine(status: WeeklySendStatus): LineStatus {
  const { sends } = status;
  if (sends.length === 0) return { state: 'todo', text: 'Not sent yet.' };
  const sum = (field: 'recipient_count' | 'delivered_count' | 'refused_count' | 'queued_count') => sends.reduce((total, send) => total + send[field], 0);
  const last = status.last_sent_at ?? [...sends].sort((a, b) => b.sent_at.localeCompare(a.sent_at))[0].sent_at;
  const times = sends.length > 1 ? ` (${sends.length} sends)` : '';
  const sent = `Sent ${dateTimeText(last)} to ${plural(sum('recipient_count'), 'member')}${times}`;
  if (sum('refused_count') > 0) return { state: 'attention', text: `${sent}; the mail server refused ${sum('refused_count')}.` };
  if (sum('queued_count') > 0) return { state: 'done', text: `${sent}; ${sum('delivered_count')} delivered, ${sum('queued_count')} still on the way.` };
  return { state: 'done', text: `${sent}; all delivered.` };
}

/** Picks in: members with every open game picked (and the tiebreaker's scores), of the week's players. */
export function picksLine(missing: readonly MissingPicks[], memberCount: number, games: readonly Game[]): LineStatus {
  if (games.filter(played).length === 0) return { state: 'todo', text: 'No games to pick yet.' };
  const open = games.some((game) => played(game) && game.deadline_status !== 'closed');
  if (!open) return { state: 'done', text: 'Picks are closed for every game of the week.' };
  const picked = Math.max(0, memberCount - missing.length);
  if (missing.length === 0) return { state: 'done', text: `All ${plural(memberCount, 'member')} have picked every open game.` };
  return { state: 'todo', text: `${picked} of ${plural(memberCount, 'member')} have picked; ${missing.length} still ${missing.length === 1 ? 'has' : 'have'} games to pick.` };
}

const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);
function syncReport(run: ScoreSyncRun): Record<string, unknown> | null {
  let summary = run.summary;
  if (typeof summary === 'string') {
    try {
      summary = JSON.parse(summary) as unknown;
    } catch {
      return null;
    }
  }
  return summary && typeof summary === 'object' ? (summary as Record<string, unknown>) : null;
}

/** The score sync's latest run for the week, in words. */
export function syncText(run: ScoreSyncRun | null): string {
  if (!run) return 'The score sync has not run for this week.';
  const when = dateTimeText(run.applied_at ?? run.created_at);
  if (run.status === 'failed') return `The score sync failed ${when}.`;
  const report = syncReport(run);
  return `Score sync ${when}: ${report ? plural(count(report.changes), 'game') : 'no games'} updated.`;
}

/** Games to score: kicked off (by the browser's clock) and not final; the sync's flags ask for a look. */
export function scoringLine(games: readonly Game[], sync: ScoreSyncRun | null, now: Date): LineStatus {
  const live = games.filter(played);
  const flagged = live.filter((game) => game.sync_flag);
  const toScore = live.filter((game) => game.status !== 'completed' && new Date(game.game_date) <= now);
  const syncWords = syncText(sync);
  if (live.length === 0) return { state: 'todo', text: 'No games set yet.' };
  if (flagged.length > 0) return { state: 'attention', text: `${plural(flagged.length, 'game')} flagged to check (${matchup(flagged[0])}). ${syncWords}` };
  if (sync?.status === 'failed' && toScore.length > 0) return { state: 'attention', text: `${plural(toScore.length, 'game')} kicked off and not final. ${syncWords}` };
  if (toScore.length > 0) return { state: 'todo', text: `${plural(toScore.length, 'game')} kicked off and not final. ${syncWords}` };
  const unfinished = live.filter((game) => game.status !== 'completed');
  if (unfinished.length === 0) return { state: 'done', text: `All ${plural(live.length, 'game')} are final. ${syncWords}` };
  const first = unfinished.map((game) => game.game_date).sort()[0];
  return { state: 'todo', text: `Nothing to score yet: the next game kicks off ${dateTimeText(first)}. ${syncWords}` };
}

/** Results: when the week's results were calculated, automatically or by whom (Weekly Results' own words). */
export function resultsLine(status: ResultsStatus): LineStatus {
  return { state: status.calculated_at ? 'done' : 'todo', text: calculationText(status) };
}

export const moneyText = (cents: number) => (cents / 100).toLocaleString(undefined, { style: 'currency', currency: 'USD', minimumFractionDigits: cents % 100 === 0 ? 0 : 2 });

/** Entry fees: who has paid, and the pot; null (the line is hidden) when the season charges no fee. */
export function feesLine(pot: Pick<Pot, 'entry_fee_cents' | 'member_count' | 'paid_count' | 'pot_cents'>): LineStatus | null {
  if (pot.entry_fee_cents === 0) return null;
  const text = `${pot.paid_count} of ${plural(pot.member_count, 'member')} paid; pot ${moneyText(pot.pot_cents)}.`;
  return { state: pot.paid_count >= pot.member_count ? 'done' : 'todo', text };
}
