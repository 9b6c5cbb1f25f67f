import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Roles } from '../common/decorators/roles.decorator';
import { ListAnswer, ListOf } from '../common/list/list-answer';
import { ListParams, ListQuery } from '../common/list/list-query';
import { IdParam } from '../common/pipes/id-param.pipe';
import { CreateGameDto } from './dto/create-game.dto';
import { GameFilterDto } from './dto/game-filter.dto';
import { GameHistoryEntryDto } from './dto/game-history-entry.dto';
import { GameResponseDto } from './dto/game-response.dto';
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
  @ListOf(GameResponseDto)
  async findAll(@ListQuery(GameFilterDto) list: ListParams<GameFilterDto>): Promise<ListAnswer<GameResponseDto>> {
    return ListAnswer.serialized('games', list, await this.games.findAll(list));
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

  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  remove(@Param('id', IdParam()) id: number): Promise<void> {
    return this.games.remove(id);
  }
}
