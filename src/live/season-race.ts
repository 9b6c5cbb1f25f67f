import { seasonContention, StoredWeekRecord } from '../results/contention';
import type { ContentionDto } from '../results/dto/contention.dto';
import { readNumber } from '../results/sql';
import type { SeasonRules } from '../seasons/season-rules';
import type { Week } from '../seasons/weeks/entities/week.entity';
import type { contentionGame, publicPicks } from './live-board';
import type { SeasonRows } from './week-reads';

/**
 * The season's race: the stored results of its calculated weeks, this week live unless it is calculated (then its
 * stored results count and nothing is live), and every other week not yet scored at its game count.
 */
export function seasonRace(
  week: Week,
  rules: SeasonRules,
  members: { id: number; name: string }[],
  games: ReturnType<typeof contentionGame>[],
  picks: ReturnType<typeof publicPicks>,
  { weeks, stored }: SeasonRows,
): ContentionDto {
  const records = new Map<number, StoredWeekRecord[]>();
  for (const row of stored) {
    const weekId = Number(row.week_id);
    if (!records.has(weekId)) records.set(weekId, []);
    records.get(weekId)!.push({
      user_id: Number(row.user_id),
      wins: Number(row.wins),
      losses: Number(row.losses),
      total_games: Number(row.total_games),
      pushes: Number(row.pushes),
      points: readNumber(row.points) ?? 0,
      tiebreaker_score: readNumber(row.tiebreaker_score),
    });
  }
  const scored = weeks.filter((one) => records.has(Number(one.id)));
  const live = records.has(week.id) ? null : { week_id: week.id, games, picks };
  const unscored = weeks.filter((one) => !records.has(Number(one.id)) && Number(one.id) !== week.id);
  return seasonContention({
    rules,
    members,
    scored_weeks: scored.map((one) => ({ week_id: Number(one.id), records: records.get(Number(one.id))! })),
    live,
    future_weeks: unscored.map((one) => ({ week_id: Number(one.id), games: Number(one.games) || null })),
  });
}
