import type { SurvivorSummary } from '../../api/member';
import { formatDateTime } from '../../format';

/** The survivor screens' words (docs/member-pages.md#survivor-survivor), shared by the page and the dashboard card. */
export const SURVIVOR_TEXTS = {
  title: 'Survivor',
  loading: 'Loading survivor…',
  loadFailed: 'Failed to load the survivor contest',
  noContest: 'This season has no survivor contest.',
  enter: 'Enter survivor',
  leave: 'Leave survivor',
  entryCloses: (iso: string) => `Entry closes ${formatDateTime(iso)}.`,
  notEntered: "You haven't entered this survivor contest.",
  entryClosed: 'Entry is closed.',
  pickHeading: (weekNumber: number) => `Week ${weekNumber} pick`,
  save: 'Save pick',
  saving: 'Saving…',
  saved: (team: string) => `Saved: ${team}`,
  yourPick: (team: string) => `Your pick: ${team}`,
  noPickYet: 'Pick your survivor team',
  pickBy: (iso: string) => `Pick your survivor team by ${formatDateTime(iso)}`,
  pickLocked: 'Your pick is locked.',
  used: (weekNumber: number) => `Used week ${weekNumber}`,
  locked: 'Locked',
  noTeams: 'No games this week.',
  out: 'You are out.',
  over: 'This survivor contest is over.',
  boardHeading: 'Board',
  aliveOf: (alive: number, of: number) => `${alive} of ${of} alive`,
  wonBy: (names: string[]) => (names.length > 1 ? `Won by ${names.join(' and ')} (shared)` : `Won by ${names[0]}`),
  sharesHeading: (weekNumber: number) => `Week ${weekNumber} picks by team`,
  noShares: 'Picks show here once their games lock.',
  potHeading: 'Pot',
  pot: (pot: string, paid: number, entrants: number, fee: string) => `${pot}: ${paid} of ${entrants} paid the ${fee} entry`,
  picked: 'Picked',
  notYet: 'Not yet',
  noEntrants: 'Nobody has entered yet.',
  saveFailed: 'Your pick was not saved: ',
  saveFailedFallback: 'please try again.',
} as const;

/** "2 lives", "1 life". */
export const livesText = (lives: number) => `${lives} ${lives === 1 ? 'life' : 'lives'}`;

/** The member's standing in a line: "Alive · 2 lives · 3rd", "Out", or why they are not playing. */
export function statusText(summary: SurvivorSummary): string {
  const me = summary.me;
  if (!me?.entered) return SURVIVOR_TEXTS.notEntered;
  if (!me.alive) return SURVIVOR_TEXTS.out;
  return `Alive · ${livesText(me.lives_left)}`;
}

export const OUTCOME_TEXTS = { win: 'won', loss: 'lost', push: 'push', missed: 'missed' } as const;

/** "Georgia −7.5" style line of a team: negative for the favourite, "+3" for the underdog, "Pick'em" at 0. */
export function teamLineText(line: number | null): string | null {
  if (line === null) return null;
  if (Number(line) === 0) return "Pick'em";
  return Number(line) > 0 ? `+${Number(line)}` : `${Number(line)}`;
}
