import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IdParam } from '../common/pipes/id-param.pipe';
import { LiveBoardDto, LiveStatusDto } from './dto/live-board.dto';
import { matchesTag } from './live-board';
import { LiveBoardAnswer, LiveBoardService } from './live-board.service';

/**
 * The live board (docs/saturday.md#the-live-board): every reader gets the same answer, with an ETag. The page polls
 * with If-None-Match, so most requests end in a 304 with no body; the others get the bytes serialized once per build.
 */
@ApiTags('live')
@ApiBearerAuth()
@Controller()
export class LiveController {
  constructor(private readonly live: LiveBoardService) {}

  @Get('live')
  @ApiOkResponse({ type: LiveBoardDto })
  async current(@Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<Buffer | string> {
    return send(req, res, await this.live.current());
  }

  @Get('live/status')
  @ApiOkResponse({ type: LiveStatusDto })
  status(): Promise<LiveStatusDto> {
    return this.live.status();
  }

  @Get('weeks/:id/live')
  @ApiOkResponse({ type: LiveBoardDto })
  async week(@Param('id', IdParam()) id: number, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<Buffer | string> {
    return send(req, res, await this.live.board(id));
  }
}

/**
 * The board with its tag, or 304 with no body to a reader who has it. `private, no-cache`: a browser may keep it but
 * must ask again each time (with If-None-Match); a shared cache must not keep it (it answers signed-in readers only).
 */
function send(req: FastifyRequest, res: FastifyReply, answer: LiveBoardAnswer): Buffer | string {
  res.header('etag', answer.etag).header('cache-control', 'private, no-cache');
  if (matchesTag(req.headers['if-none-match'], answer.etag)) {
    res.code(304);
    return '';
  }
  res.type('application/json; charset=utf-8');
  return answer.json;
}
