import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RouteSchema } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Roles } from '../common/decorators/roles.decorator';
import { ListParams, ListQuery, sendList } from '../common/list/list-query';
import { IdParam } from '../common/pipes/id-param.pipe';
import { CreateGameDto } from './dto/create-game.dto';
import { GameFilterDto } from './dto/game-filter.dto';
import { GameHistoryEntryDto } from './dto/game-history-entry.dto';
import { GAME_RESPONSE_SCHEMA, GameResponseDto } from './dto/game-response.dto';
import { UpdateGameDto } from './dto/update-game.dto';
import { GamesService } from './games.service';
import { User } from '../users/entities/user.entity';

/** Games (SPEC §7): every signed-in user reads them, admins write them. */
@ApiTags('games')
@ApiBearerAuth()
@Controller('games')
export class GamesController {
  constructor(private readonly games: GamesService) {}

  @Get()
  @RouteSchema({ response: { 200: { type: 'array', items: GAME_RESPONSE_SCHEMA } } })
  async findAll(@ListQuery(GameFilterDto) list: ListParams<GameFilterDto>, @Res({ passthrough: true }) res: FastifyReply): Promise<GameResponseDto[]> {
    return sendList(res, 'games', list, await this.games.findAll(list), GameResponseDto.from);
  }

  @Get(':id')
  async findOne(@Param('id', IdParam()) id: number): Promise<GameResponseDto> {
    return GameResponseDto.from(await this.games.findOne(id));
  }

  /** Every change of the game's outcome (status, scores, winner, forfeit), newest first. */
  @Get(':id/history')
  @Roles('admin')
  async history(@Param('id', IdParam()) id: number): Promise<GameHistoryEntryDto[]> {
    return (await this.games.history(id)).map(GameHistoryEntryDto.from);
  }

  @Post()
  @Roles('admin')
  async create(@CurrentUser() admin: User, @Body() dto: CreateGameDto): Promise<GameResponseDto> {
    return GameResponseDto.from(await this.games.create(admin, dto));
  }

  @Patch(':id')
  @Roles('admin')
  async update(@CurrentUser() admin: User, @Param('id', IdParam()) id: number, @Body() dto: UpdateGameDto): Promise<GameResponseDto> {
    return GameResponseDto.from(await this.games.update(admin, id, dto));
  }

  /** The same edit for clients that send PUT (SPEC §7, react-admin). */
  @Put(':id')
  @Roles('admin')
  replace(@CurrentUser() admin: User, @Param('id', IdParam()) id: number, @Body() dto: UpdateGameDto): Promise<GameResponseDto> {
    return this.update(admin, id, dto);
  }

  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  remove(@Param('id', IdParam()) id: number): Promise<void> {
    return this.games.remove(id);
  }
}
