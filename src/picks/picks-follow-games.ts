import { ConflictException, Global, Injectable, Module } from '@nestjs/common';
import { EntityManager, In, Not } from 'typeorm';
import { countOf } from '../common/count-of';
import { GamePicks, GameSides } from '../games/game-picks';
import { Pick } from './entities/pick.entity';

/**
 * Picks follow their game (GamePicks, called by the games service inside the game's edit): a game moved to another
 * week takes its picks along (they carry week_id), and its teams cannot change in a way that leaves a pick on a team
 * that no longer plays in it.
 */
@Injectable()
export class PicksFollowGames extends GamePicks {
  async follow(manager: EntityManager, game: GameSides, after: Omit<GameSides, 'id'>): Promise<void> {
    const picks = manager.getRepository(Pick);
    if (after.home_team_id !== game.home_team_id || after.away_team_id !== game.away_team_id) {
      const stranded = await picks.countBy({ game_id: game.id, selected_team_id: Not(In([after.home_team_id, after.away_team_id])) });
      if (stranded > 0) {
        throw new ConflictException(`${countOf(stranded, 'pick')} of this game chose a team that would no longer play in it; the teams cannot change`);
      }
    }
    // Confidence points are numbered within a week: a moved pick gives up its number (its next save takes a free one).
    if (after.week_id !== game.week_id) await picks.update({ game_id: game.id }, { week_id: after.week_id, confidence: null });
  }
}

/** Provides GamePicks to the games module, which sits below picks and cannot import it (hence global). */
@Global()
@Module({
  providers: [{ provide: GamePicks, useClass: PicksFollowGames }],
  exports: [GamePicks],
})
export class PicksFollowGamesModule {}
