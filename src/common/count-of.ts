/** A count with its noun, for messages: "3 games", "1 game". */
export const countOf = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** A duration for messages and log lines, to a tenth of a second: "1 s", "2.5 s". */
export const seconds = (millis: number): string => `${Math.round(millis / 100) / 10} s`;

const HOUR_MS = 3600 * 1000;

/** A duration in whole hours or minutes, for messages: "8 hours", "1 hour", "90 minutes". */
export const duration = (millis: number): string =>
  millis % HOUR_MS === 0 ? countOf(millis / HOUR_MS, 'hour') : countOf(Math.round(millis / 60_000), 'minute');
