/** A count with its noun, for messages: "3 games", "1 game". */
export const countOf = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** A duration for messages and log lines, to a tenth of a second: "1 s", "2.5 s". */
export const seconds = (millis: number): string => `${Math.round(millis / 100) / 10} s`;
