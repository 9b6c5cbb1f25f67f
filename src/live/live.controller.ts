import { BadRequestException, Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { IdParam } from '../common/pipes/id-param.pipe';
import type { Principal } from '../common/principal';
import { LiveBoardDto, LiveMembersDto, LiveStatusDto } from './dto/live-board.dto';
import { LiveMembersQueryDto } from './dto/live-query.dto';
import { sendAnswer } from './live-answer';
import { LIVE_FAST_PATH } from './live-board';
import { LiveBoardService, LiveRows } from './live-board.service';

/** How many rows a page of GET /live/members answers when the reader does not say. */
const PAGE_DEFAULT = 50;

const ROWS_QUERY = {
  name: 'rows',
  required: false,
  enum: ['top', 'all'],
  description: 'top (the default): the first 10 rows and contenders, what a phone shows; all: every row and contender',
};

/**
 * The live board (docs/saturday.md#the-live-board): every reader gets the same board and their own row, with an
 * ETag. The page polls with If-None-Match, so most requests end in a 304 with no body; the others get the board's
 * bytes serialized and deflated once per version, and their own few.
 */
@ApiTags('live')
@ApiBearerAuth()
@Controller()
export class LiveController {
  constructor(private readonly live: LiveBoardService) {}

  // Polled by every watcher: answered by LiveFastPath before Nest's pipeline when it can (live-fast-path.ts).
  @ApiOperation({
    summary: 'The live board of the current week (any signed-in user)',
    description: 'Answers an ETag; send it back in If-None-Match to get a 304 while the board is unchanged.',
  })
  @Get('live')
  @RouteConfig({ [LIVE_FAST_PATH]: true })
  @ApiOkResponse({ type: LiveBoardDto })
  @ApiQuery(ROWS_QUERY)
  async current(@CurrentUser() reader: Principal, @Query('rows') rows: string | undefined, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<Buffer | string> {
    return sendAnswer(req, res, await this.live.board('current', reader, rowsOf(rows)));
  }

  @ApiOperation({ summary: 'Whether today is a game day, and the week the live board follows (any signed-in user)' })
  @Get('live/status')
  @ApiOkResponse({ type: LiveStatusDto })
  status(): Promise<LiveStatusDto> {
    return this.live.status();
  }

  @ApiOperation({ summary: 'A page of the current week\'s live board rows (any signed-in user)' })
  @Get('live/members')
  @ApiOkResponse({ type: LiveMembersDto })
  async currentMembers(@Query() query: LiveMembersQueryDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<Buffer | string> {
    return sendAnswer(req, res, await this.live.members('current', query.offset ?? 0, query.limit ?? PAGE_DEFAULT));
  }

  @ApiOperation({
    summary: 'The live board of a week (any signed-in user)',
    description: 'Answers an ETag; send it back in If-None-Match to get a 304 while the board is unchanged.',
  })
  @Get('weeks/:id/live')
  @ApiOkResponse({ type: LiveBoardDto })
  @ApiQuery(ROWS_QUERY)
  async week(
    @Param('id', IdParam()) id: number,
    @CurrentUser() reader: Principal,
    @Query('rows') rows: string | undefined,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<Buffer | string> {
    return sendAnswer(req, res, await this.live.board(id, reader, rowsOf(rows)));
  }

  @ApiOperation({ summary: 'A page of a week\'s live board rows (any signed-in user)' })
  @Get('weeks/:id/live/members')
  @ApiOkResponse({ type: LiveMembersDto })
  async weekMembers(
    @Param('id', IdParam()) id: number,
    @Query() query: LiveMembersQueryDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<Buffer | string> {
    return sendAnswer(req, res, await this.live.members(id, query.offset ?? 0, query.limit ?? PAGE_DEFAULT));
  }
}

function rowsOf(rows: string | undefined): LiveRows {
  if (rows === undefined || rows === 'top' || rows === 'all') return rows ?? 'top';
  throw new BadRequestException({ errors: ['rows must be one of: top, all'] });
}
