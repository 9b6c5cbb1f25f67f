import type { Game } from '../games/entities/game.entity';
import { isLocked } from '../games/pick-window';
import type { User } from '../users/entities/user.entity';
import type { Week } from '../weeks/entities/week.entity';
import type { PickGridCellDto, PickGridResponseDto } from './dto/pick-grid-response.dto';
import { teamRef } from './dto/pick-response.dto';
import type { Pick as PickEntity } from './entities/pick.entity';

export interface PickGridInput {
  week: Pick<Week, 'id' | 'number'>;
  /** The week's games with their teams, in the order to show. */
  games: Game[];
  /** The members (role user), in the order to show. */
  members: Pick<User, 'id' | 'name'>[];
  /** The picks of those games, with their selected team. */
  picks: PickEntity[];
  viewer: Pick<User, 'id' | 'role'>;
  now: Date;
}

/**
 * Pool transparency: a pick is shown to everyone once its game is locked (from the pick deadline on). Before that
 * only its member and admins see it; everybody else learns only whether the member has picked.
 */
export function buildPickGrid({ week, games, members, picks, viewer, now }: PickGridInput): PickGridResponseDto {
  const locked = new Map(games.map((game) => [game.id, isLocked(game, now)]));
  const byMemberAndGame = new Map(picks.map((pick) => [`${pick.user_id}:${pick.game_id}`, pick]));

  const cell = (game: Game, memberId: number): PickGridCellDto => {
    const pick = byMemberAndGame.get(`${memberId}:${game.id}`);
    if (!pick) return { game_id: game.id, status: 'none' };
    const visible = locked.get(game.id) || viewer.role === 'admin' || viewer.id === memberId;
    if (!visible) return { game_id: game.id, status: 'hidden' };
    return {
      game_id: game.id,
      status: 'shown',
      selected_winner: pick.selected_team!.name,
      is_correct: pick.is_correct,
      ...(game.is_tiebreaker ? { tiebreaker_home_score: pick.tiebreaker_home_score, tiebreaker_away_score: pick.tiebreaker_away_score } : {}),
    };
  };

  return {
    week: { id: week.id, number: week.number },
    games: games.map((game) => ({
      id: game.id,
      home_team: teamRef(game.home_team!),
      away_team: teamRef(game.away_team!),
      game_date: game.game_date,
      is_tiebreaker: game.is_tiebreaker,
      locked: locked.get(game.id)!,
      winner_team_id: game.winner_team_id,
    })),
    members: members.map((member) => {
      const cells = games.map((game) => cell(game, member.id));
      return {
        user: { id: member.id, name: member.name },
        picks_made: cells.filter((entry) => entry.status !== 'none').length,
        picks: cells,
      };
    }),
  };
}
