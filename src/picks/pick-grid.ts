import { Cover, landingOf } from '../games/cover';
import type { Game } from '../games/entities/game.entity';
import { isLocked } from '../games/pick-window';
import { compareRecords, rank, tiebreakerScore } from '../results/ranking';
import { DEFAULT_RULES, pointsRule, SeasonRules } from '../seasons/season-rules';
import type { User } from '../users/entities/user.entity';
import type { Week } from '../seasons/weeks/entities/week.entity';
import type { PickCellResult, PickGridCellDto, PickGridMemberDto, PickGridResponseDto } from './dto/pick-grid-response.dto';
import { teamRef } from './dto/pick-response.dto';
import type { Pick as PickEntity } from './entities/pick.entity';

export interface PickGridInput {
  week: Pick<Week, 'id' | 'number'>;
  /** The week's games with their teams, in the order to show. */
  games: Game[];
  /** The week's players (PlayersReader); shown in standing order, equal records by name. */
  members: Pick<User, 'id' | 'name'>[];
  /** The picks of those games, with their selected team. */
  picks: PickEntity[];
  viewer: Pick<User, 'id' | 'role'>;
  now: Date;
  /** The week's season's rules (docs/pool-formats.md); the spec's when left out. */
  rules?: SeasonRules;
}

const isCancelled = (game: Game) => game.status === 'cancelled';

/** How a game landed for the pool (landingOf): which side won (against the spread: covered), a push, or not decided yet. */
type Landing = Cover | null;

/**
 * A shown pick's result and the share of its weight it earns (docs/pool-formats.md#results). A push is lost under
 * push_rule loss; otherwise it shows as a push, earning half under half and nothing under void.
 */
function resultOf(game: Game, pick: PickEntity, landing: Landing, rules: SeasonRules): { result: PickCellResult; earned: number } {
  if (isCancelled(game)) return { result: 'void', earned: 0 };
  if (landing === null) return { result: 'pending', earned: 0 };
  if (landing === 'push') {
    if (rules.push_rule === 'loss') return { result: 'incorrect', earned: 0 };
    return { result: 'push', earned: rules.push_rule === 'half' ? 0.5 : 0 };
  }
  const picked = pick.selected_team_id === game.home_team_id ? 'home' : 'away';
  return picked === landing ? { result: 'correct', earned: 1 } : { result: 'incorrect', earned: 0 };
}

/** What a pick weighs: its confidence points in a confidence season (0 without), else 1; doubled for the lock. */
const weightOf = (pick: PickEntity, rules: SeasonRules): number =>
  (rules.confidence_points ? (pick.confidence ?? 0) : 1) * (rules.lock_of_week && pick.is_lock ? 2 : 1);

/**
 * Pool transparency: a pick is shown to everyone once its game is locked (from the pick deadline on). Before that
 * only its member and admins see it; everybody else learns only whether the member has picked. The week's record
 * of each row (wins, losses, tiebreaker, rank) is counted from the cells this viewer sees, so it can never tell
 * more than they do.
 */
export function buildPickGrid({ week, games, members, picks, viewer, now, rules = DEFAULT_RULES }: PickGridInput): PickGridResponseDto {
  const locked = new Map(games.map((game) => [game.id, isLocked(game, now)]));
  const landings = new Map(games.map((game) => [game.id, landingOf(game, rules)]));
  const byMemberAndGame = new Map(picks.map((pick) => [`${pick.user_id}:${pick.game_id}`, pick]));

  const row = (member: Pick<User, 'id' | 'name'>): Omit<PickGridMemberDto, 'rank'> => {
    let wins = 0;
    let losses = 0;
    let points = 0;
    let tiebreaker: number | null = null;
    const cells = games.map((game): PickGridCellDto => {
      const landing = landings.get(game.id)!;
      const pick = byMemberAndGame.get(`${member.id}:${game.id}`);
      if (!pick) {
        // An unpicked game counts as a loss once it is decided (docs/product.md#states scoring) and everyone may know it is unpicked.
        if (landing !== null && !(landing === 'push' && rules.push_rule === 'void')) losses += 1;
        return { game_id: game.id, status: 'none' };
      }
      const visible = locked.get(game.id) || viewer.role === 'admin' || viewer.id === member.id;
      if (!visible) return { game_id: game.id, status: 'hidden' };
      const { result, earned } = resultOf(game, pick, landing, rules);
      if (result === 'correct') wins += 1;
      if (result === 'incorrect') losses += 1;
      points += earned * weightOf(pick, rules);
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
        confidence: pick.confidence,
        is_lock: pick.is_lock,
        ...(game.is_tiebreaker ? { tiebreaker_home_score: pick.tiebreaker_home_score, tiebreaker_away_score: pick.tiebreaker_away_score } : {}),
      };
    });
    return {
      user: { id: member.id, name: member.name },
      picks_made: cells.filter((entry) => entry.status !== 'none').length,
      wins,
      losses,
      points,
      tiebreaker_score: tiebreaker,
      picks: cells,
    };
  };

  // A season that weighs picks ranks by points where the spec's order has wins.
  const score = pointsRule(rules) ? (row: Omit<PickGridMemberDto, 'rank'>) => row.points : (row: Omit<PickGridMemberDto, 'rank'>) => row.wins;
  const standing = (a: Omit<PickGridMemberDto, 'rank'>, b: Omit<PickGridMemberDto, 'rank'>) =>
    compareRecords({ wins: score(a), losses: a.losses, tiebreaker: a.tiebreaker_score }, { wins: score(b), losses: b.losses, tiebreaker: b.tiebreaker_score });
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
