/** A count with its noun, for messages: "3 games", "1 game". */
export const countOf = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;
