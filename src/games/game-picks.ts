import type { EntityManager } from 'typeorm';
import type { Game } from './entities/game.entity';

/** What of a game its picks depend on. */
export type GameSides = Pick<Game, 'id' | 'week_id' | 'home_team_id' | 'away_team_id'>;

/**
 * What a game's edit owes the picks made on it. Picks sit on a floor above games (docs/architecture.md), so games
 * declares what it needs here and picks provides it (src/picks/picks-follow-games.ts); the games service calls it
 * inside the edit's transaction, before writing the game.
 */
export abstract class GamePicks {
  /**
   * Before a game's week or teams change from `game` to `after`: refuses (409) a team change that would leave a pick
   * on a team no longer in the game, and carries the picks to the game's new week.
   */
  abstract follow(manager: EntityManager, game: GameSides, after: Omit<GameSides, 'id'>): Promise<void>;
}
