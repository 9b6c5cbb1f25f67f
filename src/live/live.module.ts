import { Module } from '@nestjs/common';
import { LiveController } from './live.controller';
import { LiveBoardService } from './live-board.service';

@Module({
  controllers: [LiveController],
  providers: [LiveBoardService],
  exports: [LiveBoardService],
})
export class LiveModule {}
