import { isLocked } from '../games/pick-window';
import type { SurvivorEntrant, SurvivorWeek } from '../survivor/survivor-week.reader';

/** What the picks sheet shows of an entrant whose pick is not revealed yet, and of one without a pick. */
export const SURVIVOR_PICKED = 'Picked';
export const SURVIVOR_NO_PICK = 'No pick';

/** The picks sheet's survivor section: each entrant alive at the week's start and their pick, and each team's share. */
export interface SurvivorSheet {
  name: string;
  aliveCount: number;
  rows: { userId: number; name: string; pick: string }[];
  /** Of the revealed picks: the team, how many picked it and their share ("50%"), most picked first. */
  shares: { team: string; count: number; share: string }[];
}

/**
 * The picks sheet's survivor section (docs/pool-formats.md#survivor): a pick is shown once its game's pick window is
 * closed (at the week's last lock, every one is), else only that the entrant picked.
 */
export function survivorSheet(survivor: SurvivorWeek, now: Date): SurvivorSheet {
  const counts = new Map<string, number>();
  const rows = survivor.alive.map((entrant) => {
    const pick = entrant.pick;
    let shown = SURVIVOR_NO_PICK;
    if (pick && pick.game && isLocked(pick.game, now)) {
      shown = pick.team?.name ?? SURVIVOR_PICKED;
      counts.set(shown, (counts.get(shown) ?? 0) + 1);
    } else if (pick) shown = SURVIVOR_PICKED;
    return { userId: entrant.user.id, name: entrant.user.name, pick: shown };
  });
  const revealed = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const shares = [...counts.entries()]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([team, count]) => ({ team, count, share: `${Math.round((count * 100) / revealed)}%` }));
  return { name: survivor.contest.name, aliveCount: survivor.alive.length, rows, shares };
}

/** The weekly e-mail's survivor section: who is alive, who went out in the last calculated week, and the member. */
export interface SurvivorWeekly {
  name: string;
  aliveCount: number;
  entrantCount: number;
  /** "Out in week 3: Ann, Bob." or "Nobody went out in week 3."; null before any week is calculated. */
  lastWeek: string | null;
  /** The member's own line; null when not entered. */
  you: { status: string; teamsUsed: string } | null;
}

/** The weekly e-mail's survivor section for one member (`teamsUsed`: theirs, "Georgia (week 3)"). */
export function survivorWeekly(survivor: SurvivorWeek, userId: number, teamsUsed: readonly string[]): SurvivorWeekly {
  const own = survivor.entrants.find((entrant) => entrant.user.id === userId);
  const last = survivor.lastWeek;
  return {
    name: survivor.contest.name,
    aliveCount: survivor.alive.length,
    entrantCount: survivor.entrants.length,
    lastWeek: last ? (last.out.length ? `Out in week ${last.number}: ${last.out.join(', ')}.` : `Nobody went out in week ${last.number}.`) : null,
    you: own ? { status: statusLine(own), teamsUsed: teamsUsed.length ? teamsUsed.join(', ') : 'none yet' } : null,
  };
}

/** "You are alive with 2 lives left." / "You are out." */
function statusLine(entrant: SurvivorEntrant): string {
  if (!entrant.alive) return `You are out (after ${entrant.weeks_survived} ${entrant.weeks_survived === 1 ? 'week' : 'weeks'} survived).`;
  return `You are alive with ${entrant.lives_left} ${entrant.lives_left === 1 ? 'life' : 'lives'} left.`;
}
