import type { Game } from '../games/entities/game.entity';
import { pickDeadline } from '../games/pick-window';
import { DAY_SECONDS, HOUR_SECONDS, PushBatch, PushMessage } from '../push/push-message';
import type { Week } from '../seasons/weeks/entities/week.entity';
import { missingWhat, type SurvivorMissing } from './notification-emails';

/** "Georgia @ Texas": a game as a push notification names it. */
export const matchup = (game: Pick<Game, 'home_team' | 'away_team'>): string => `${game.away_team?.name ?? 'Away'} @ ${game.home_team?.name ?? 'Home'}`;

/** "2 h", "45 min", "1 day": how long until `at`, rounded down, for a notification's title. */
export function timeLeft(at: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((at.getTime() - now.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/** What a pick reminder tells one member: their own missing games only. */
export interface MissingForPush {
  userId: number;
  missing: Game[];
  missingTiebreaker: boolean;
  tiebreaker: Game | null;
  /** The survivor pick is missing too (or alone): its week's first and last open deadlines. */
  survivor?: SurvivorMissing | null;
}

/**
 * The push of a pick reminder (scheduled or an admin's "remind"): what is missing and how long is left before the
 * first of those deadlines. High urgency; it expires when the last of the member's missing games locks (after that
 * nothing can be picked, so a phone that was off never shows it), or with a survivor pick missing, when the week's
 * last open game locks.
 */
export function reminderPushes(week: Week, kind: string, round: number, members: MissingForPush[], now: Date): PushBatch {
  return {
    kind,
    preference: 'reminders',
    weekId: week.id,
    round,
    urgency: 'high',
    ttlSeconds: DAY_SECONDS,
    messages: members.map((entry) => {
      const count = entry.missing.length;
      const pickem = count > 0 || entry.missingTiebreaker;
      const games = entry.missing.length > 0 ? entry.missing : entry.tiebreaker && pickem ? [entry.tiebreaker] : [];
      const deadlines = games.map((game) => pickDeadline(game).getTime());
      const survivor = entry.survivor ?? null;
      if (survivor) deadlines.push(...(pickem ? [] : [survivor.first.getTime()]), survivor.last.getTime());
      const first = deadlines.length ? new Date(Math.min(...deadlines)) : now;
      const last = deadlines.length ? new Date(Math.max(...deadlines)) : now;
      const what = missingWhat(count, entry.missingTiebreaker, survivor !== null);
      const names = entry.missing.slice(0, 2).map(matchup);
      const more = count > names.length ? ` and ${count - names.length} more` : '';
      const told = count > 0 ? `You haven't picked ${names.join(', ')}${more}.` : pickem ? `Predict the score of ${entry.tiebreaker ? matchup(entry.tiebreaker) : 'the tiebreaker'}.` : '';
      const body = survivor ? `${told ? `${told} ` : ''}No ${survivor.contestName} pick for week ${week.number} yet.`.trim() : told;
      const message: PushMessage = {
        title: `${timeLeft(first, now)} left: ${what} to make in week ${week.number}`,
        body,
        url: `/dashboard?week=${week.id}`,
        tag: `reminder-${week.id}`,
      };
      return { userId: entry.userId, message, expiresAt: last };
    }),
  };
}

/** The picks sheet's push: the week's picks are locked and everyone's are shown on the live board. */
export function picksSheetPushes(week: Week, kind: string, memberIds: number[]): PushBatch {
  return {
    kind,
    preference: 'picks_sheet',
    weekId: week.id,
    urgency: 'normal',
    ttlSeconds: 12 * HOUR_SECONDS,
    messages: memberIds.map((userId) => ({
      userId,
      message: {
        title: `Week ${week.number}: picks are locked`,
        body: "See everyone's picks and follow the games live.",
        url: '/live',
        tag: `picks-sheet-${week.id}`,
      },
    })),
  };
}
