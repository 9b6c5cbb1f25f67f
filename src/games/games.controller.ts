import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Patch, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import type { Principal } from '../common/principal';
import { Roles } from '../common/decorators/roles.decorator';
import { ListParams, ListQuery } from '../common/list/list-query';
import { sendRange } from '../common/list/list-answer';
import { IdParam } from '../common/pipes/id-param.pipe';
import { CreateGameDto } from './dto/create-game.dto';
import { GameFilterDto } from './dto/game-filter.dto';
import { GameHistoryEntryDto } from './dto/game-history-entry.dto';
import { GameResponseDto } from './dto/game-response.dto';
import { UpdateGameDto } from './dto/update-game.dto';
import { GamesService } from './games.service';
import { User } from '../users/entities/user.entity';

/** Games (docs/product.md#api): every signed-in user reads them, admins write them. */
@ApiTags('games')
@ApiBearerAuth()
@Controller('games')
export class GamesController {
  constructor(private readonly games: GamesService) {}

  /**
   * The busiest read of the pool sends its answer itself rather than through @ListOf: the interceptor's per-request
   * machinery cost 40% of this read's throughput under load (npm run bench:api, 18,400 → 10,400 req/s).
   */
  @ApiOperation({ summary: 'List games (any signed-in user)' })
  @Get()
  @ApiOkResponse({ type: GameResponseDto, isArray: true })
  async findAll(@ListQuery(GameFilterDto) list: ListParams<GameFilterDto>, @Res({ passthrough: true }) res: FastifyReply): Promise<Buffer> {
    const { body, etag, count, total } = await this.games.findAll(list);
    sendRange(res, 'games', list, count, total);
    res.header('etag', etag).type('application/json; charset=utf-8');
    return body;
  }

  @ApiOperation({ summary: 'Get one game (any signed-in user)' })
  @Get(':id')
  async findOne(@Param('id', IdParam()) id: number): Promise<GameResponseDto> {
    return GameResponseDto.from(await this.games.findOne(id));
  }

  /** Every change of the game's outcome (status, scores, winner, forfeit), newest first. */
  @ApiOperation({ summary: 'A game\'s outcome changes (status, scores, winner, forfeit), newest first (admins only)' })
  @Get(':id/history')
  @Roles('admin')
  async history(@Param('id', IdParam()) id: number): Promise<GameHistoryEntryDto[]> {
    return (await this.games.history(id)).map(GameHistoryEntryDto.from);
  }

  @ApiOperation({ summary: 'Create a game (admins only)' })
  @Post()
  @Roles('admin')
  async create(@CurrentUser() admin: User, @Body() dto: CreateGameDto): Promise<GameResponseDto> {
    return GameResponseDto.from(await this.games.create(admin, dto));
  }

  @ApiOperation({ summary: 'Update a game (admins only)' })
  @Patch(':id')
  @Roles('admin')
  async update(@CurrentUser() admin: User, @Param('id', IdParam()) id: number, @Body() dto: UpdateGameDto): Promise<GameResponseDto> {
    return GameResponseDto.from(await this.games.update(admin, id, dto));
  }

  @ApiOperation({ summary: 'Delete a game (admins only)' })
  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  remove(@CurrentUser() actor: Principal, @Param('id', IdParam()) id: number, @Ip() ip: string): Promise<void> {
    return this.games.remove(id, actor, ip);
  }
}
