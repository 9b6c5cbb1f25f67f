import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { PicksModule } from '../picks/picks.module';
import { WeeksModule } from '../seasons/weeks/weeks.module';
import { LiveController } from './live.controller';
import { LiveBoardService } from './live-board.service';

@Module({
  imports: [GamesModule, WeeksModule, PicksModule],
  controllers: [LiveController],
  providers: [LiveBoardService],
  exports: [LiveBoardService],
})
export class LiveModule {}
