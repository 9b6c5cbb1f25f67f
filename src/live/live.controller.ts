import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { IdParam } from '../common/pipes/id-param.pipe';
import { LiveBoardDto, LiveStatusDto } from './dto/live-board.dto';
import { LiveBoardService } from './live-board.service';

/** The live board (docs/saturday.md#the-live-board): every reader gets the same answer, with an ETag. */
@ApiTags('live')
@ApiBearerAuth()
@Controller()
export class LiveController {
  constructor(private readonly live: LiveBoardService) {}

  @Get('live')
  @ApiOkResponse({ type: LiveBoardDto })
  async current(): Promise<LiveBoardDto> {
    return (await this.live.current()).body;
  }

  @Get('live/status')
  status(): Promise<LiveStatusDto> {
    return this.live.status();
  }

  @Get('weeks/:id/live')
  @ApiOkResponse({ type: LiveBoardDto })
  async week(@Param('id', IdParam()) id: number): Promise<LiveBoardDto> {
    return (await this.live.board(id)).body;
  }
}
