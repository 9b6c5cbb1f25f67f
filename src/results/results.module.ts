import { Module } from '@nestjs/common';
import { SeasonResultsController, StandingsController, WeeklyAwardsController, WeeklyResultsController } from './results.controller';
import { GameOutcomeListener } from './game-outcome.listener';
import { ResultsRefresherService } from './results-refresher.service';
import { SeasonResultsService } from './season-results.service';
import { WeeklyAwardsService } from './weekly-awards.service';
import { WeeklyResultsService } from './weekly-results.service';

@Module({
  controllers: [WeeklyResultsController, SeasonResultsController, StandingsController, WeeklyAwardsController],
  providers: [WeeklyResultsService, SeasonResultsService, ResultsRefresherService, GameOutcomeListener, WeeklyAwardsService],
  exports: [WeeklyResultsService, SeasonResultsService, WeeklyAwardsService, ResultsRefresherService],
})
export class ResultsModule {}
