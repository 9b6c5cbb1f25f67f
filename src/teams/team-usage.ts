import { countOf } from '../common/count-of';

/** What still refers to a team: games it plays in or won, picks of it, members' favorite team. */
export interface TeamUsage {
  games: number;
  picks: number;
  favorites: number;
}

/** Why a conference cannot be deleted, or null when nothing holds it. */
export function conferenceInUseMessage(name: string, teams: number): string | null {
  return teams > 0 ? `Conference ${name} still has ${countOf(teams, 'team')}` : null;
}

/** Why a team cannot be deleted ("Team Clemson is still used by 3 games and 12 picks"), or null when nothing holds it. */
export function teamInUseMessage(name: string, usage: TeamUsage): string | null {
  const holders = [
    usage.games > 0 ? countOf(usage.games, 'game') : null,
    usage.picks > 0 ? countOf(usage.picks, 'pick') : null,
    usage.favorites > 0 ? `${countOf(usage.favorites, 'member')} as their favorite team` : null,
  ].filter((holder): holder is string => holder !== null);
  if (holders.length === 0) return null;
  const listed = holders.length === 1 ? holders[0] : `${holders.slice(0, -1).join(', ')} and ${holders[holders.length - 1]}`;
  return `Team ${name} is still used by ${listed}`;
}
