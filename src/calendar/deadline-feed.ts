import ical, { ICalAlarmType, ICalEventData, ICalEventTransparency } from 'ical-generator';
import { pickDeadline } from '../games/pick-window';
import type { CalendarMode } from './dto/calendar-feed.dto';

/** What the feed needs of a game: its teams' names, its week, its kickoff and lock, and its last change. */
export interface FeedGame {
  id: number;
  week_id: number;
  week_number: number;
  home: string;
  away: string;
  game_date: Date;
  picks_locked_at: Date | null;
  updated_at: Date;
  /** Completed or with a winner: its picks closed when that was entered (pick-window.ts hasFinal). */
  final: boolean;
  /** A cancelled game has no event; its change still counts toward its week's SEQUENCE (the first deadline may move). */
  cancelled: boolean;
}

export interface FeedOptions {
  mode: CalendarMode;
  appName: string;
  appUrl: string;
  /** The pool's time zone (TZ_DISPLAY): kickoffs in the descriptions are written in it. */
  timeZone: string;
}

/** Long enough to show on a day view, short enough not to look like a meeting. */
const EVENT_MS = 15 * 60 * 1000;
/** The reminder rings an hour before the deadline (clients that take alarms from a subscription, such as Apple's). */
const REMINDER_SECONDS = 60 * 60;
/** How often a calendar is asked to read the feed again (REFRESH-INTERVAL; Google keeps its own pace). */
const REFRESH_SECONDS = 60 * 60;
/** SEQUENCE counts seconds from here, so it stays a small integer that only grows as the game changes. */
const SEQUENCE_EPOCH_MS = Date.UTC(2024, 0, 1);

/**
 * When a game's picks lock: an hour before kickoff (src/games/pick-window.ts), or earlier when they closed before
 * that: for a game kept locked after an admin moved its kickoff later, when that lock was set; for a game with a
 * final, its last change (the final closed it at once; a later edit can only move the event later, never past the
 * kickoff's deadline).
 */
export function deadlineOf(game: Pick<FeedGame, 'game_date' | 'picks_locked_at' | 'updated_at' | 'final'>): Date {
  const closings = [pickDeadline(game).getTime()];
  if (game.picks_locked_at) closings.push(game.picks_locked_at.getTime());
  if (game.final) closings.push(game.updated_at.getTime());
  return new Date(Math.min(...closings));
}

/**
 * The member's deadline calendar as iCalendar text (docs/saturday.md#deadline-calendar): one event per game's pick
 * deadline, or per week's first one. UIDs name the game or week, so a calendar that reads the feed again updates the
 * event in place; SEQUENCE and DTSTAMP follow the latest change of the game(s), so a moved kickoff moves the event.
 * Times are UTC; the member's calendar shows them in its own zone.
 */
export function deadlineCalendar(games: FeedGame[], options: FeedOptions): string {
  const host = new URL(options.appUrl).hostname;
  const dashboard = `${options.appUrl}/dashboard`;
  const kickoff = kickoffFormat(options.timeZone);
  const events = options.mode === 'weeks' ? weekEvents(games, host, dashboard, kickoff) : gameEvents(games, host, dashboard, kickoff);
  const calendar = ical({
    name: `${options.appName} deadlines`,
    prodId: { company: options.appName, product: 'Deadline calendar', language: 'EN' },
    ttl: REFRESH_SECONDS,
    events: events.sort((a, b) => (a.start as Date).getTime() - (b.start as Date).getTime()),
  });
  return calendar.toString();
}

type Kickoff = (date: Date) => string;

function gameEvents(games: FeedGame[], host: string, dashboard: string, kickoff: Kickoff): ICalEventData[] {
  const played = games.filter((game) => !game.cancelled);
  return played.map((game) =>
    event({
      id: `game-${game.id}@${host}`,
      start: deadlineOf(game),
      summary: `Pick deadline: ${matchup(game)}`,
      description: `Kickoff: ${kickoff(game.game_date)}.\nMake your picks: ${dashboard}`,
      changed: game.updated_at,
      url: dashboard,
    }),
  );
}

function weekEvents(games: FeedGame[], host: string, dashboard: string, kickoff: Kickoff): ICalEventData[] {
  const weeks = new Map<number, FeedGame[]>();
  for (const game of games) weeks.set(game.week_id, [...(weeks.get(game.week_id) ?? []), game]);
  return [...weeks.entries()].flatMap(([weekId, ofWeek]) => {
    const played = ofWeek.filter((game) => !game.cancelled);
    if (played.length === 0) return [];
    const first = played.reduce((earliest, game) => (deadlineOf(game) < deadlineOf(earliest) ? game : earliest));
    const changed = new Date(Math.max(...ofWeek.map((game) => game.updated_at.getTime())));
    const count = played.length === 1 ? '1 game' : `${played.length} games`;
    return event({
      id: `week-${weekId}@${host}`,
      start: deadlineOf(first),
      summary: `Week ${first.week_number} picks open: first deadline`,
      description: `The first of the week's ${count} to lock: ${matchup(first)}, kickoff ${kickoff(first.game_date)}.\nMake your picks: ${dashboard}`,
      changed,
      url: dashboard,
    });
  });
}

function event(fields: { id: string; start: Date; summary: string; description: string; changed: Date; url: string }): ICalEventData {
  return {
    id: fields.id,
    start: fields.start,
    end: new Date(fields.start.getTime() + EVENT_MS),
    summary: fields.summary,
    description: fields.description,
    url: fields.url,
    stamp: fields.changed,
    lastModified: fields.changed,
    sequence: Math.max(0, Math.floor((fields.changed.getTime() - SEQUENCE_EPOCH_MS) / 1000)),
    transparency: ICalEventTransparency.TRANSPARENT,
    alarms: [{ type: ICalAlarmType.display, triggerBefore: REMINDER_SECONDS, description: fields.summary }],
  };
}

const matchup = (game: Pick<FeedGame, 'home' | 'away'>) => `${game.away} @ ${game.home}`;

function kickoffFormat(timeZone: string): Kickoff {
  const format = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' });
  return (date) => format.format(date);
}
