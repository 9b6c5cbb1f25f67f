/**
 * The e-mails' words for the weekly awards and for who is still alive (docs/saturday.md#who-is-alive-in-the-e-mails),
 * as plain sentences the HTML and text templates both print. Pure, so the wording is tested without a mail server.
 */
import { andList } from '../common/and-list';
import type { ContentionDto } from '../results/dto/contention.dto';
import type { AwardMemberDto, WeeklyAwardsDto } from '../results/dto/weekly-awards.dto';

/** Past this many names a list ends "and N more", so a large pool's e-mail stays readable. */
export const NAMES_SHOWN = 12;

/** "Ann", "Ann and Ben", "Ann, Ben and Cal"; past NAMES_SHOWN, "Ann, Ben, … and 30 more". */
export function joinNames(names: readonly string[]): string {
  if (names.length > NAMES_SHOWN) return `${names.slice(0, NAMES_SHOWN).join(', ')} and ${names.length - NAMES_SHOWN} more`;
  return andList(names);
}

const namesOf = (members: readonly AwardMemberDto[]) => joinNames(members.map((member) => member.name));
const points = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;

export interface AwardLine {
  label: string;
  text: string;
}

/** A calculated week's awards, one line each; every award has a line, saying so when nobody won it. */
export function awardLines(awards: WeeklyAwardsDto): AwardLine[] {
  const { perfect_week: perfect, contrarian, closest_tiebreaker: closest } = awards;
  return [
    { label: 'Perfect week', text: perfect.length ? namesOf(perfect) : 'nobody this time' },
    {
      label: 'Best contrarian pick',
      text: contrarian
        ? `${namesOf(contrarian.pickers)} took ${contrarian.team_name} in ${contrarian.matchup}, picked by ${contrarian.share}% of those who picked the game`
        : "none; every correct pick was made by at least half of its game's pickers",
    },
    {
      label: 'Closest tiebreaker',
      text: closest
        ? `${namesOf(closest.members)}, ${closest.tiebreaker_score === 0 ? 'exactly right' : `off by ${points(closest.tiebreaker_score)}`}`
        : 'no tiebreaker predictions to compare',
    },
  ];
}

/**
 * Who can still win a race, as one sentence: everyone, the clinched winners once the rest are out, or the names
 * still in with how many of how many. `race` names it: "the season" or "week 5". Null for a race without players
 * (or, never expected, with nobody left in it).
 */
export function aliveLine(contention: ContentionDto, race: string): string | null {
  const everyone = contention.contenders;
  if (everyone.length === 0) return null;
  const alive = everyone.filter((contender) => contender.status !== 'eliminated');
  if (alive.length === 0) return null;
  const isSeason = contention.scope === 'season';
  if (alive.length === everyone.length) return isSeason ? `Everyone is still alive for ${race}.` : `Everyone can still win ${race}.`;
  const names = joinNames(alive.map((contender) => contender.user.name));
  if (alive.every((contender) => contender.status === 'clinched')) {
    return `${names} ${alive.length === 1 ? 'has' : 'have'} clinched ${alive.length === 1 ? '' : 'a share of '}${race}.`;
  }
  return `${isSeason ? `Still alive for ${race}` : `Can still win ${race}`}: ${names} (${alive.length} of ${everyone.length})`;
}
