import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { GamesModule } from '../games/games.module';
import { PicksModule } from '../picks/picks.module';
import { WeeksModule } from '../seasons/weeks/weeks.module';
import { SurvivorWeekReader } from '../survivor/survivor-week.reader';
import { LiveController } from './live.controller';
import { LiveFastPath } from './live-fast-path';
import { LiveBoardService } from './live-board.service';
import { LiveWeekReads } from './week-reads';

@Module({
  imports: [AuthModule, GamesModule, WeeksModule, PicksModule],
  controllers: [LiveController],
  providers: [LiveBoardService, LiveWeekReads, LiveFastPath, SurvivorWeekReader],
  exports: [LiveBoardService],
})
export class LiveModule {}
