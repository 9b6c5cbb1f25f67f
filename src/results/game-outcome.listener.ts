import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntitySubscriberInterface, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';
import { takeOutcomesChanged } from '../games/game-outcome-events';
import { ResultsRefresherService } from './results-refresher.service';

/**
 * Listens for "a game's outcome changed" (src/games/game-outcome-events.ts): once the outermost transaction that
 * raised it commits, the weeks it names are recalculated (ResultsRefresherService: only complete weeks, and only with
 * AUTO_CALCULATE_RESULTS on). A rollback drops the event. The commit waits for the recalculation, so the request
 * that changed the game answers with the results already current, as it always has.
 */
@Injectable()
export class GameOutcomeListener implements EntitySubscriberInterface {
  private readonly logger = new Logger(GameOutcomeListener.name);

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly refresher: ResultsRefresherService,
  ) {
    dataSource.subscribers.push(this);
  }

  async afterTransactionCommit({ queryRunner }: TransactionCommitEvent): Promise<void> {
    if (queryRunner.isTransactionActive) return;
    const weekIds = takeOutcomesChanged(queryRunner);
    if (weekIds.length === 0) return;
    try {
      await this.refresher.outcomeChanged(weekIds);
    } catch (error) {
      // The change is committed; the results can still be calculated by hand.
      this.logger.error(`Recalculating weeks ${weekIds.join(', ')} failed: ${(error as Error).message}`, (error as Error).stack);
    }
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    if (!queryRunner.isTransactionActive) takeOutcomesChanged(queryRunner);
  }
}
