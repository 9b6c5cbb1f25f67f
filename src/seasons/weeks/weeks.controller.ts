import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Patch, Post, Query } from '@nestjs/common';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import type { Principal } from '../../common/principal';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/decorators/roles.decorator';
import { ListAnswer, ListOf } from '../../common/list/list-answer';
import { ListParams, ListQuery } from '../../common/list/list-query';
import { IdParam } from '../../common/pipes/id-param.pipe';
import { CreateWeekDto } from './dto/create-week.dto';
import { UpdateWeekDto } from './dto/update-week.dto';
import { CurrentWeekQueryDto, WeekFilterDto } from './dto/week-filter.dto';
import { WeekResponseDto } from './dto/week-response.dto';
import { WeeksService } from './weeks.service';

/** Weeks (docs/product.md#api): every member reads them, admins change them. */
@ApiTags('weeks')
@ApiBearerAuth()
@Controller('weeks')
export class WeeksController {
  constructor(private readonly weeks: WeeksService) {}

  @ApiOperation({ summary: 'List weeks (any signed-in user)' })
  @Get()
  @ListOf(WeekResponseDto)
  async findAll(@ListQuery(WeekFilterDto) list: ListParams<WeekFilterDto>): Promise<ListAnswer<WeekResponseDto>> {
    return ListAnswer.of('weeks', list, await this.weeks.findAll(list), WeekResponseDto.from);
  }

  @ApiOperation({ summary: 'Get the current week, of a season or of the current season (any signed-in user)' })
  @Get('current')
  async findCurrent(@Query() query: CurrentWeekQueryDto): Promise<WeekResponseDto> {
    return WeekResponseDto.from(await this.weeks.findCurrent(query.football_season_id));
  }

  @ApiOperation({ summary: 'Get one week (any signed-in user)' })
  @Get(':id')
  async findOne(@Param('id', IdParam()) id: number): Promise<WeekResponseDto> {
    return WeekResponseDto.from(await this.weeks.findOne(id));
  }

  @ApiOperation({ summary: 'Create a week (admins only)' })
  @Post()
  @Roles('admin')
  async create(@Body() dto: CreateWeekDto): Promise<WeekResponseDto> {
    return WeekResponseDto.from(await this.weeks.create(dto));
  }

  @ApiOperation({ summary: 'Update a week (admins only)' })
  @Patch(':id')
  @Roles('admin')
  async update(@Param('id', IdParam()) id: number, @Body() dto: UpdateWeekDto): Promise<WeekResponseDto> {
    return WeekResponseDto.from(await this.weeks.update(id, dto));
  }

  @ApiOperation({ summary: 'Delete a week (admins only)' })
  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  remove(@CurrentUser() actor: Principal, @Param('id', IdParam()) id: number, @Ip() ip: string): Promise<void> {
    return this.weeks.remove(id, actor, ip);
  }
}
