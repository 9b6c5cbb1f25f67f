import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Roles } from '../common/decorators/roles.decorator';
import { ListParams, ListQuery, sendList } from '../common/list/list-query';
import { IdParam } from '../common/pipes/id-param.pipe';
import { CreateGameDto } from './dto/create-game.dto';
import { GameFilterDto } from './dto/game-filter.dto';
import { GameResponseDto } from './dto/game-response.dto';
import { UpdateGameDto } from './dto/update-game.dto';
import { GamesService } from './games.service';

/** Games (SPEC §7): every signed-in user reads them, admins write them. */
@ApiTags('games')
@ApiBearerAuth()
@Controller('games')
export class GamesController {
  constructor(private readonly games: GamesService) {}

  @Get()
  async findAll(@ListQuery(GameFilterDto) list: ListParams<GameFilterDto>, @Res({ passthrough: true }) res: FastifyReply): Promise<GameResponseDto[]> {
    return sendList(res, 'games', list, await this.games.findAll(list), GameResponseDto.from);
  }

  @Get(':id')
  async findOne(@Param('id', IdParam()) id: number): Promise<GameResponseDto> {
    return GameResponseDto.from(await this.games.findOne(id));
  }

  @Post()
  @Roles('admin')
  async create(@Body() dto: CreateGameDto): Promise<GameResponseDto> {
    return GameResponseDto.from(await this.games.create(dto));
  }

  @Patch(':id')
  @Roles('admin')
  async update(@Param('id', IdParam()) id: number, @Body() dto: UpdateGameDto): Promise<GameResponseDto> {
    return GameResponseDto.from(await this.games.update(id, dto));
  }

  /** The same edit for clients that send PUT (SPEC §7, react-admin). */
  @Put(':id')
  @Roles('admin')
  replace(@Param('id', IdParam()) id: number, @Body() dto: UpdateGameDto): Promise<GameResponseDto> {
    return this.update(id, dto);
  }

  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  remove(@Param('id', IdParam()) id: number): Promise<void> {
    return this.games.remove(id);
  }
}
