import type { SurvivorCalculation } from './survivorTypes';

/** The survivor screens' texts, in one place (docs/pool-formats.md "Survivor"). */
export const SURVIVOR_TEXTS = {
  contests: 'Survivor Contests',
  addContest: 'Add Survivor Contest',
  editContest: 'Edit Survivor Contest',
  noContests: 'No survivor contests yet.',
  rulesLocked: "Rules are locked: the contest's first week has locked.",
  rulesLockedWhy: "The rules and the first week lock, and entry closes, when the first week's first pick deadline passes, so every entrant plays by the rules they entered under.",
  entrants: 'Survivor Entrants',
  addEntrant: 'Add Entrant',
  selectContest: 'Select a survivor contest',
  noEntrants: 'No entrants yet.',
  entryClosed: 'Entry is closed: entrants can no longer be added or removed.',
  picks: 'Survivor Picks',
  addPick: 'Add Survivor Pick (Admin Override)',
  editPick: 'Edit Survivor Pick',
  noPicks: 'No survivor picks found.',
  hidden: 'Hidden until its game locks',
  reasonHelp: "Required; kept in the pick's audit",
  audits: 'Survivor Pick Audit',
  noAudits: 'No admin changes to survivor picks.',
  calculate: 'Calculate',
  calculateFailed: 'Failed to calculate the survivor contest',
} as const;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What POST /survivor_contests/{id}/calculate answered, in words. */
export const calculationText = (result: SurvivorCalculation) =>
  `Calculated ${plural(result.weeks_calculated, 'week', 'weeks')}: ${result.alive_count} alive${result.finished ? '; the contest is over' : ''}`;

export const markedEntrantsText = (count: number, paid: boolean) => `${plural(count, 'entrant', 'entrants')} marked ${paid ? 'paid' : 'unpaid'}`;

/** A team as the console may show it: hidden while its game is open. */
export const teamText = (team: { team_name?: string | null; hidden?: boolean } | null | undefined) =>
  team?.hidden ? SURVIVOR_TEXTS.hidden : (team?.team_name ?? '—');

/** Plain labels of the rules' values. */
export const PICK_MODE_CHOICES = [
  { id: 'winner', name: 'The team must win' },
  { id: 'spread', name: "The team must cover the game's line" },
];
export const REUSE_CHOICES = [
  { id: 'never', name: 'Each team once per contest' },
  { id: 'half', name: 'Each team once per half season' },
];
export const LIVES_CHOICES = [
  { id: 1, name: '1 life' },
  { id: 2, name: '2 lives' },
  { id: 3, name: '3 lives' },
];
export const TIES_CHOICES = [
  { id: 'win', name: 'Counts as a win' },
  { id: 'loss', name: 'Costs a life' },
];
export const MISSED_CHOICES = [
  { id: 'loss', name: 'Costs a life' },
  { id: 'favourite', name: 'The entrant gets the biggest favourite still available to them' },
];
export const ALL_LOSE_CHOICES = [
  { id: 'stay_alive', name: 'They all stay alive (the week costs nobody a life)' },
  { id: 'share_win', name: 'They are out together and share the win' },
];

/** A new contest's rules: the defaults of docs/pool-formats.md "The rules". */
export const DEFAULT_SURVIVOR_RULES = {
  name: 'Survivor',
  pick_mode: 'winner',
  reuse: 'never',
  lives: 1,
  ties: 'win',
  missed: 'loss',
  all_lose: 'stay_alive',
  entry_fee_cents: 0,
  payout_percentages: [] as number[],
};
