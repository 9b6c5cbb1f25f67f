import type { Game } from '../games/entities/game.entity';
import { pickWindow } from '../games/pick-window';
import type { Pick as PickEntity } from '../picks/entities/pick.entity';
import type { User } from '../users/entities/user.entity';
import type { WeekStatus } from '../seasons/weeks/week-status';

export interface MissingPicks<M> {
  member: M;
  /** Open games the member has not picked, in the order given. */
  missing: Game[];
  /** The tiebreaker game is open and the member has not predicted both scores yet. */
  missing_tiebreaker: boolean;
  /** How many games of the week are still open for picks ("4/10 picked" counts against these). */
  open_games: number;
}

export interface MissingPicksInput<M extends Pick<User, 'id'>> {
  games: readonly Game[];
  weekStatus: WeekStatus;
  members: readonly M[];
  picks: readonly Pick<PickEntity, 'user_id' | 'game_id' | 'tiebreaker_home_score' | 'tiebreaker_away_score'>[];
  now: Date;
}

/**
 * Who still has something to pick: the games still open for picks (the pick window of docs/product.md#states, #validation) that a member
 * has not picked, and the open tiebreaker without both predicted scores. Members with nothing missing are left out.
 */
export function missingPicks<M extends Pick<User, 'id'>>({ games, weekStatus, members, picks, now }: MissingPicksInput<M>): MissingPicks<M>[] {
  const open = games.filter((game) => pickWindow(game, weekStatus, now).picks_allowed);
  const byMemberAndGame = new Map(picks.map((pick) => [`${pick.user_id}:${pick.game_id}`, pick]));
  return members
    .map((member) => {
      const pickOf = (game: Game) => byMemberAndGame.get(`${member.id}:${game.id}`);
      const missing = open.filter((game) => !pickOf(game));
      const missing_tiebreaker = open.some((game) => {
        if (!game.is_tiebreaker) return false;
        const pick = pickOf(game);
        return !pick || pick.tiebreaker_home_score === null || pick.tiebreaker_away_score === null;
      });
      return { member, missing, missing_tiebreaker, open_games: open.length };
    })
    .filter((entry) => entry.missing.length > 0 || entry.missing_tiebreaker);
}
