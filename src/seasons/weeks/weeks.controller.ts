import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Patch, Post, Query } from '@nestjs/common';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import type { Principal } from '../../common/principal';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
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

  @Get()
  @ListOf(WeekResponseDto)
  async findAll(@ListQuery(WeekFilterDto) list: ListParams<WeekFilterDto>): Promise<ListAnswer<WeekResponseDto>> {
    return ListAnswer.of('weeks', list, await this.weeks.findAll(list), WeekResponseDto.from);
  }

  @Get('current')
  async findCurrent(@Query() query: CurrentWeekQueryDto): Promise<WeekResponseDto> {
    return WeekResponseDto.from(await this.weeks.findCurrent(query.football_season_id));
  }

  @Get(':id')
  async findOne(@Param('id', IdParam()) id: number): Promise<WeekResponseDto> {
    return WeekResponseDto.from(await this.weeks.findOne(id));
  }

  @Post()
  @Roles('admin')
  async create(@Body() dto: CreateWeekDto): Promise<WeekResponseDto> {
    return WeekResponseDto.from(await this.weeks.create(dto));
  }

  @Patch(':id')
  @Roles('admin')
  async update(@Param('id', IdParam()) id: number, @Body() dto: UpdateWeekDto): Promise<WeekResponseDto> {
    return WeekResponseDto.from(await this.weeks.update(id, dto));
  }

  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  remove(@CurrentUser() actor: Principal, @Param('id', IdParam()) id: number, @Ip() ip: string): Promise<void> {
    return this.weeks.remove(id, actor, ip);
  }
}
