import { coverOf } from '../games/cover';
import type { Game } from '../games/entities/game.entity';
import { isLocked } from '../games/pick-window';
import type { SurvivorWeek } from '../survivor/survivor-week.reader';
import type { LiveSurvivorDto } from './dto/live-board.dto';

/**
 * The live board's survivor part (docs/saturday.md#survivor-on-the-live-board): who of the entrants alive at the
 * week's start is still alive given the scores so far. A picked game not final counts by its current score as if it
 * ended now; one not started yet (no score), not locked, or cancelled costs nothing. A week without a pick costs a
 * life (under `missed: loss`) only once every game of the week is locked. If everyone would be out and the contest's
 * `all_lose` is `stay_alive`, everyone stays alive, as the results would have it.
 */
export function survivorLive(survivor: SurvivorWeek, games: readonly Game[], now: Date): LiveSurvivorDto {
  const { contest } = survivor;
  const byId = new Map(games.map((game) => [game.id, game]));
  const allLocked = games.length > 0 && games.every((game) => isLocked(game, now));
  const looks = survivor.alive.map((entrant) => {
    const pick = entrant.pick;
    const game = pick ? byId.get(pick.game_id) : undefined;
    let cost = 0;
    let losing = false;
    if (!pick) cost = allLocked && contest.missed === 'loss' ? 1 : 0;
    else if (game && game.status !== 'cancelled' && isLocked(game, now) && game.home_score !== null && game.away_score !== null) {
      const side = pick.team_id === game.home_team_id ? 'home' : 'away';
      const landing =
        contest.pick_mode === 'spread' ? coverOf({ ...game, winner_team_id: null }) : game.home_score === game.away_score ? 'push' : game.home_score > game.away_score ? 'home' : 'away';
      losing = landing !== side && landing !== 'push';
      cost = losing || (landing === 'push' && contest.ties === 'loss') ? 1 : 0;
    }
    const team = pick && game ? (pick.team_id === game.home_team_id ? game.home_team : game.away_team) : undefined;
    return { entrant, cost, losing, team: team?.name ?? pick?.team?.name ?? '' };
  });
  let alive = looks.filter((look) => look.entrant.lives_left - look.cost > 0);
  if (alive.length === 0 && contest.all_lose === 'stay_alive') alive = looks;
  const ref = (look: (typeof looks)[number]) => ({ user_id: look.entrant.user.id, name: look.entrant.user.name });
  return {
    name: contest.name,
    alive_count: alive.length,
    alive_now: alive.map(ref),
    at_risk: looks.filter((look) => look.losing).map((look) => ({ ...ref(look), team_name: look.team, lives_left: look.entrant.lives_left })),
  };
}
