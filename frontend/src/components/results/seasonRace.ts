import type { SeasonProgress } from '../../api/types';

/** How many members the race shows at first: the leaders, plus the member looking at it. */
export const RACE_MEMBERS = 5;

/** The index of the last week with results: marked `scored` by the server, else the last week where wins moved. */
function lastScoredIndex(progress: SeasonProgress): number {
  if (progress.weeks.some((week) => week.scored !== undefined)) return progress.weeks.map((week) => Boolean(week.scored)).lastIndexOf(true);
  return progress.weeks.reduce(
    (found, _week, index) => (progress.members.some((member) => member.cumulative_wins[index] !== (index ? member.cumulative_wins[index - 1] : 0)) ? index : found),
    -1,
  );
}

/** The id of the season's last week with calculated results, or null before the first. */
export function lastScoredWeekId(progress: SeasonProgress | undefined): number | null {
  if (!progress) return null;
  const index = lastScoredIndex(progress);
  return index >= 0 ? progress.weeks[index].id : null;
}

export interface RaceMember {
  user: SeasonProgress['members'][number]['user'];
  /** Games behind the leader after each week up to the last scored one (0 = leading, shared leads included). */
  behind: number[];
  /** Place after the last scored week (by cumulative wins; equal wins share it). */
  place: number;
}

/**
 * The season race as games behind the leader per week: after each week, the most cumulative wins of anyone minus
 * the member's own. Everyone is in `members`, in standing order; `rows` holds the chart's points for the members
 * asked for (`shown`), one row per week up to the last scored week.
 */
export function raceData(progress: SeasonProgress, shown?: Set<number>) {
  const last = lastScoredIndex(progress);
  const weeks = progress.weeks.slice(0, last + 1);
  const leaderAfter = weeks.map((_week, index) => Math.max(0, ...progress.members.map((member) => member.cumulative_wins[index] ?? 0)));
  const finalWins = (member: SeasonProgress['members'][number]) => member.cumulative_wins[last] ?? 0;
  const ordered = [...progress.members].sort((a, b) => finalWins(b) - finalWins(a) || a.user.name.localeCompare(b.user.name));
  const members: RaceMember[] = ordered.map((member) => ({
    user: member.user,
    behind: weeks.map((_week, index) => leaderAfter[index] - (member.cumulative_wins[index] ?? 0)),
    place: 1 + ordered.filter((other) => finalWins(other) > finalWins(member)).length,
  }));
  const visible = members.filter((member) => !shown || shown.has(member.user.id));
  const rows = weeks.map((week, index) => ({
    week: `Wk ${week.number}`,
    ...Object.fromEntries(visible.map((member) => [`m${member.user.id}`, member.behind[index]])),
  }));
  return { rows, members, visible };
}

/** The members shown at first: the top `limit` by standing, plus `me` wherever they stand. */
export function defaultRaceMembers(members: RaceMember[], me: number | undefined, limit = RACE_MEMBERS): Set<number> {
  const ids = new Set(members.slice(0, limit).map((member) => member.user.id));
  if (me !== undefined && members.some((member) => member.user.id === me)) ids.add(me);
  return ids;
}
