import type { SurvivorContest } from './entities/survivor-contest.entity';

/** The texts of docs/pool-formats.md#survivor, shown verbatim, and the module's other refusals. */
export const SURVIVOR_MESSAGES = {
  contestNotFound: 'Survivor contest not found',
  pickNotFound: 'Survivor pick not found',
  entryNotFound: 'Survivor entry not found',
  rulesLocked: "The survivor contest's rules can't change once its first week has locked",
  entryClosed: 'Entry to this survivor contest has closed',
  out: 'You are out of this survivor contest',
  over: 'This survivor contest is over',
  notEntered: 'You have not entered this survivor contest',
  alreadyEntered: 'You have already entered this survivor contest',
  noContest: 'This season has no survivor contest',
  hasPicks: "This survivor contest has picks; it can't be deleted",
  weekOutside: 'This week is not part of the survivor contest',
  teamNotPlaying: 'team_id must be a team playing in one of this week\'s games',
  noPick: 'You have no survivor pick this week',
  race: 'Your survivor pick was changed at the same time; try again',
  adminsDoNotPlay: 'Admins do not play in this season; enter a member',
  noWeeks: 'This season has no weeks yet',
  allWeeksLocked: 'Every week of this season has locked: there is no week left to start the contest',
  weekNotOfSeason: 'first_week_id must be a week of this season',
  seasonTaken: (season: string) => `${season} already has a survivor contest`,
  used: (who: string, team: string, week: number) => `${who} used ${team} in week ${week}`,
  enteredAlready: (name: string) => `${name} has already entered this survivor contest`,
  notEntrant: (name: string) => `${name} has not entered this survivor contest`,
} as const;

/** The rules that lock with the first week (docs/pool-formats.md#survivor); the name and the money may change later. */
export const LOCKED_FIELDS = ['first_week_id', 'pick_mode', 'reuse', 'lives', 'ties', 'missed', 'all_lose'] as const;

export const SURVIVOR_LIVES_MIN = 1;
export const SURVIVOR_LIVES_MAX = 3;
export const SURVIVOR_NAME_MAX = 100;
export const SURVIVOR_DEFAULT_NAME = 'Survivor';

/**
 * The reuse period a week falls in: 0 for the whole contest under `reuse: never`; under `half`, 1 for weeks numbered
 * up to half the season's last week number (rounded up), else 2.
 */
export function reusePeriod(reuse: SurvivorContest['reuse'], weekNumber: number, lastWeekNumber: number): number {
  if (reuse === 'never') return 0;
  return weekNumber <= Math.ceil(lastWeekNumber / 2) ? 1 : 2;
}

/** The contest's rules that differ from the defaults, one plain sentence each (none for a contest on the defaults). */
export function describeSurvivorRules(contest: Pick<SurvivorContest, 'pick_mode' | 'reuse' | 'lives' | 'ties' | 'missed' | 'all_lose'>): string[] {
  const sentences: string[] = [];
  if (contest.pick_mode === 'spread') sentences.push("Your team must cover the game's line, not just win.");
  if (contest.reuse === 'half') sentences.push('You may use each team once in each half of the season.');
  if (contest.lives > 1) sentences.push(`Everyone starts with ${contest.lives} lives; each loss costs one.`);
  if (contest.ties === 'loss') sentences.push('A tie, or a game landing exactly on the line, counts as a loss.');
  if (contest.missed === 'favourite') sentences.push('A week without a pick gives you the biggest favourite you may still use.');
  if (contest.all_lose === 'share_win') sentences.push('If everyone still alive loses in the same week, they are all out and share the win.');
  return sentences;
}

/** A team's line in a game: negative for the favourite, positive for the underdog, null without a line. */
export function teamLine(game: { betting_line: number | null; betting_line_team: 'home' | 'away' | null }, home: boolean): number | null {
  if (game.betting_line === null || game.betting_line_team === null) return null;
  const favourite = (game.betting_line_team === 'home') === home;
  return game.betting_line === 0 ? 0 : favourite ? -game.betting_line : game.betting_line;
}
