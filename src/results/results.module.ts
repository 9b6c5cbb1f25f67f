import { Module } from '@nestjs/common';
import { SeasonResultsController, StandingsController, WeeklyResultsController } from './results.controller';
import { ResultsRefresher } from './results-refresher.service';
import { SeasonResultsService } from './season-results.service';
import { WeeklyResultsService } from './weekly-results.service';

@Module({
  controllers: [WeeklyResultsController, SeasonResultsController, StandingsController],
  providers: [WeeklyResultsService, SeasonResultsService, ResultsRefresher],
  exports: [WeeklyResultsService, SeasonResultsService, ResultsRefresher],
})
export class ResultsModule {}
