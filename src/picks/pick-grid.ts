import type { Game } from '../games/entities/game.entity';
import { isLocked } from '../games/pick-window';
import { compareRecords, rank, tiebreakerScore } from '../results/ranking';
import type { User } from '../users/entities/user.entity';
import type { Week } from '../seasons/weeks/entities/week.entity';
import type { PickCellResult, PickGridCellDto, PickGridMemberDto, PickGridResponseDto } from './dto/pick-grid-response.dto';
import { teamRef } from './dto/pick-response.dto';
import type { Pick as PickEntity } from './entities/pick.entity';

export interface PickGridInput {
  week: Pick<Week, 'id' | 'number'>;
  /** The week's games with their teams, in the order to show. */
  games: Game[];
  /** The members (role user); shown in standing order, equal records by name. */
  members: Pick<User, 'id' | 'name'>[];
  /** The picks of those games, with their selected team. */
  picks: PickEntity[];
  viewer: Pick<User, 'id' | 'role'>;
  now: Date;
}

const isCancelled = (game: Game) => game.status === 'cancelled';

function resultOf(game: Game, pick: PickEntity): PickCellResult {
  if (isCancelled(game)) return 'void';
  if (game.winner_team_id === null) return 'pending';
  return game.winner_team_id === pick.selected_team_id ? 'correct' : 'incorrect';
}

/**
 * Pool transparency: a pick is shown to everyone once its game is locked (from the pick deadline on). Before that
 * only its member and admins see it; everybody else learns only whether the member has picked. The week's record
 * of each row (wins, losses, tiebreaker, rank) is counted from the cells this viewer sees, so it can never tell
 * more than they do.
 */
export function buildPickGrid({ week, games, members, picks, viewer, now }: PickGridInput): PickGridResponseDto {
  const locked = new Map(games.map((game) => [game.id, isLocked(game, now)]));
  const byMemberAndGame = new Map(picks.map((pick) => [`${pick.user_id}:${pick.game_id}`, pick]));

  const row = (member: Pick<User, 'id' | 'name'>): Omit<PickGridMemberDto, 'rank'> => {
    let wins = 0;
    let losses = 0;
    let tiebreaker: number | null = null;
    const cells = games.map((game): PickGridCellDto => {
      const decided = !isCancelled(game) && game.winner_team_id !== null;
      const pick = byMemberAndGame.get(`${member.id}:${game.id}`);
      if (!pick) {
        // An unpicked game counts as a loss once it is decided (docs/product.md#states scoring) and everyone may know it is unpicked.
        if (decided) losses += 1;
        return { game_id: game.id, status: 'none' };
      }
      const visible = locked.get(game.id) || viewer.role === 'admin' || viewer.id === member.id;
      if (!visible) return { game_id: game.id, status: 'hidden' };
      const result = resultOf(game, pick);
      if (result === 'correct') wins += 1;
      if (result === 'incorrect') losses += 1;
      if (game.is_tiebreaker && !isCancelled(game)) {
        tiebreaker = tiebreakerScore(
          { home: pick.tiebreaker_home_score, away: pick.tiebreaker_away_score },
          { home: game.home_score, away: game.away_score },
        );
      }
      return {
        game_id: game.id,
        status: 'shown',
        selected_winner: pick.selected_team!.name,
        is_correct: pick.is_correct,
        result,
        ...(game.is_tiebreaker ? { tiebreaker_home_score: pick.tiebreaker_home_score, tiebreaker_away_score: pick.tiebreaker_away_score } : {}),
      };
    });
    return {
      user: { id: member.id, name: member.name },
      picks_made: cells.filter((entry) => entry.status !== 'none').length,
      wins,
      losses,
      tiebreaker_score: tiebreaker,
      picks: cells,
    };
  };

  const standing = (a: Omit<PickGridMemberDto, 'rank'>, b: Omit<PickGridMemberDto, 'rank'>) =>
    compareRecords({ wins: a.wins, losses: a.losses, tiebreaker: a.tiebreaker_score }, { wins: b.wins, losses: b.losses, tiebreaker: b.tiebreaker_score });
  const byName = (a: Omit<PickGridMemberDto, 'rank'>, b: Omit<PickGridMemberDto, 'rank'>) =>
    a.user.name.localeCompare(b.user.name) || a.user.id - b.user.id;
  // rank() keeps equal records together with a shared rank; within them, names decide the order.
  const ranked = rank([...members.map(row)].sort(byName), standing).map(({ rank: place, picks: cells, ...rest }) => ({ ...rest, rank: place, picks: cells }));

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
      status: game.status,
    })),
    members: ranked,
  };
}
