import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { HOUR_SECONDS } from '../push/push-message';
import { PushOutboxService } from '../push/push-outbox.service';
import { Week } from '../seasons/weeks/entities/week.entity';
import { landingOf } from './cover';
import type { Game } from './entities/game.entity';
import { SeasonRulesReader } from './season-rules.reader';

export const GAME_FINAL_KIND = 'game-final';

/**
 * A game that just became final tells each member who picked it the score and how their own pick landed, right or
 * wrong (docs/push.md#what-is-pushed): queued in the transaction that records the final, once per game and device.
 */
@Injectable()
export class GameFinalPushes {
  constructor(
    private readonly push: PushOutboxService,
    private readonly rules: SeasonRulesReader,
  ) {}

  /** `game` as it is after the change, with its teams. */
  async queue(manager: EntityManager, game: Game): Promise<void> {
    // Read by table: the pick entity sits on a floor above games (docs/architecture.md).
    const picks = await manager
      .createQueryBuilder()
      .select(['pick.user_id AS user_id', 'pick.selected_team_id AS selected_team_id'])
      .from('picks', 'pick')
      .where('pick.game_id = :gameId', { gameId: game.id })
      .getRawMany<{ user_id: number | string; selected_team_id: number | string }>();
    if (picks.length === 0) return;
    const week = await manager.findOneByOrFail(Week, { id: game.week_id });
    const landing = landingOf(game, await this.rules.within(manager, week.football_season_id));
    const home = game.home_team?.name ?? 'Home';
    const away = game.away_team?.name ?? 'Away';
    const title = `Final: ${away} ${game.away_score ?? ''} @ ${home} ${game.home_score ?? ''}`.replace(/\s+/g, ' ').trim();
    await this.push.enqueue(manager, {
      kind: GAME_FINAL_KIND,
      preference: 'game_finals',
      weekId: game.week_id,
      round: game.id,
      urgency: 'normal',
      ttlSeconds: 12 * HOUR_SECONDS,
      messages: picks.map((pick) => {
        const side = Number(pick.selected_team_id) === game.home_team_id ? 'home' : 'away';
        const verdict = landing === null ? 'not scored' : landing === 'push' ? 'a push' : landing === side ? 'right ✓' : 'wrong';
        return {
          userId: Number(pick.user_id),
          message: { title, body: `Your pick, ${side === 'home' ? home : away}: ${verdict}.`, url: `/dashboard?week=${game.week_id}`, tag: `final-${game.id}` },
        };
      }),
    });
  }
}
