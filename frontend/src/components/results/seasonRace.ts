import type { SeasonProgress } from '../../api/types';

/** How many members the race shows: the leaders by cumulative wins. */
export const RACE_MEMBERS = 5;

/** The chart's rows: one per week up to the last week with results, one column per leading member. */
export function raceData(progress: SeasonProgress, limit = RACE_MEMBERS) {
  const last = progress.weeks.reduce(
    (found, _week, index) => (progress.members.some((member) => member.cumulative_wins[index] !== (index ? member.cumulative_wins[index - 1] : 0)) ? index : found),
    -1,
  );
  const leaders = [...progress.members]
    .sort((a, b) => (b.cumulative_wins[last] ?? 0) - (a.cumulative_wins[last] ?? 0) || a.user.name.localeCompare(b.user.name))
    .slice(0, limit);
  const rows = progress.weeks.slice(0, last + 1).map((week, index) => ({
    week: `Wk ${week.number}`,
    ...Object.fromEntries(leaders.map((member) => [`m${member.user.id}`, member.cumulative_wins[index] ?? 0])),
  }));
  return { rows, leaders };
}
