import { Module, OnModuleInit } from '@nestjs/common';
import { ResultsModule } from '../results/results.module';
import { ResultsRefresherService } from '../results/results-refresher.service';
import { SurvivorResultsController } from './survivor-results.controller';
import { SurvivorResultsService } from './survivor-results.service';
import { SurvivorStandingsReader } from './survivor-standings.reader';

/**
 * The survivor contest's results: their calculation (by hand: POST /api/survivor_contests/{id}/calculate; by itself
 * after the pick'em's results follow a game's outcome, see ResultsRefresherService) and the reader of where a contest
 * stands. The survivor module imports it.
 */
@Module({
  imports: [ResultsModule],
  controllers: [SurvivorResultsController],
  providers: [SurvivorResultsService, SurvivorStandingsReader],
  exports: [SurvivorResultsService, SurvivorStandingsReader],
})
export class SurvivorResultsModule implements OnModuleInit {
  constructor(
    private readonly refresher: ResultsRefresherService,
    private readonly results: SurvivorResultsService,
  ) {}

  onModuleInit(): void {
    this.refresher.follow((weekIds) => this.results.outcomeChanged(weekIds));
  }
}
