import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Patch, Post } from '@nestjs/common';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import type { Principal } from '../common/principal';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/decorators/roles.decorator';
import { ListAnswer, ListOf } from '../common/list/list-answer';
import { ListParams, ListQuery } from '../common/list/list-query';
import { IdParam } from '../common/pipes/id-param.pipe';
import { CreateSeasonDto } from './dto/create-season.dto';
import { SeasonFilterDto } from './dto/season-filter.dto';
import { SeasonResponseDto } from './dto/season-response.dto';
import { UpdateSeasonDto } from './dto/update-season.dto';
import { SeasonsService } from './seasons.service';

/** Football seasons (docs/product.md#api): every member reads them, admins change them. */
@ApiTags('football_seasons')
@ApiBearerAuth()
@Controller('football_seasons')
export class SeasonsController {
  constructor(private readonly seasons: SeasonsService) {}

  @ApiOperation({ summary: 'List football seasons (any signed-in user)' })
  @Get()
  @ListOf(SeasonResponseDto)
  async findAll(@ListQuery(SeasonFilterDto) list: ListParams<SeasonFilterDto>): Promise<ListAnswer<SeasonResponseDto>> {
    return ListAnswer.of('football_seasons', list, await this.seasons.findAll(list), SeasonResponseDto.from);
  }

  @ApiOperation({ summary: 'Get the current football season (any signed-in user)' })
  @Get('current')
  async findCurrent(): Promise<SeasonResponseDto> {
    return SeasonResponseDto.from(await this.seasons.findCurrent());
  }

  @ApiOperation({ summary: 'Get one football season (any signed-in user)' })
  @Get(':id')
  async findOne(@Param('id', IdParam()) id: number): Promise<SeasonResponseDto> {
    return SeasonResponseDto.from(await this.seasons.findOne(id));
  }

  @ApiOperation({ summary: 'Create a football season (admins only)' })
  @Post()
  @Roles('admin')
  async create(@Body() dto: CreateSeasonDto): Promise<SeasonResponseDto> {
    return SeasonResponseDto.from(await this.seasons.create(dto));
  }

  @ApiOperation({ summary: 'Make a football season the current one (admins only)' })
  @Patch(':id/make_current')
  @Roles('admin')
  async makeCurrent(@Param('id', IdParam()) id: number): Promise<SeasonResponseDto> {
    return SeasonResponseDto.from(await this.seasons.makeCurrent(id));
  }

  @ApiOperation({ summary: 'Update a football season (admins only)' })
  @Patch(':id')
  @Roles('admin')
  async update(@Param('id', IdParam()) id: number, @Body() dto: UpdateSeasonDto): Promise<SeasonResponseDto> {
    return SeasonResponseDto.from(await this.seasons.update(id, dto));
  }

  @ApiOperation({ summary: 'Delete a football season (admins only)' })
  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  remove(@CurrentUser() actor: Principal, @Param('id', IdParam()) id: number, @Ip() ip: string): Promise<void> {
    return this.seasons.remove(id, actor, ip);
  }
}
