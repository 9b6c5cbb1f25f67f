import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Roles } from '../common/decorators/roles.decorator';
import { ListAnswer, ListOf } from '../common/list/list-answer';
import { ListParams, ListQuery } from '../common/list/list-query';
import { IdParam } from '../common/pipes/id-param.pipe';
import type { Principal } from '../common/principal';
import { MarkPaidDto } from '../payouts/dto/entry-payments.dto';
import { CreateSurvivorContestDto, MarkEntriesPaidResultDto, SurvivorContestDto, SurvivorContestFilterDto, UpdateSurvivorContestDto } from './dto/survivor-contest.dto';
import { CreateSurvivorEntryDto, SurvivorEntryDto, SurvivorEntryFilterDto } from './dto/survivor-entry.dto';
import { SurvivorContestsService } from './survivor-contests.service';
import { SurvivorEntriesService } from './survivor-entries.service';

/** Survivor contests (docs/pool-formats.md#survivor#routes), react-admin's list dialect, admins only. */
@ApiTags('survivor')
@ApiBearerAuth()
@Controller('survivor_contests')
@Roles('admin')
export class SurvivorContestsController {
  constructor(private readonly contests: SurvivorContestsService) {}

  @ApiOperation({ summary: 'List survivor contests (admins only)' })
  @Get()
  @ListOf(SurvivorContestDto)
  async findAll(@ListQuery(SurvivorContestFilterDto) list: ListParams<SurvivorContestFilterDto>): Promise<ListAnswer<SurvivorContestDto>> {
    return ListAnswer.of('survivor_contests', list, await this.contests.findAll(list), (contest) => contest);
  }

  @ApiOperation({ summary: 'Get one survivor contest (admins only)' })
  @Get(':id')
  findOne(@Param('id', IdParam()) id: number): Promise<SurvivorContestDto> {
    return this.contests.findOne(id);
  }

  @ApiOperation({ summary: 'Create a season\'s survivor contest (admins only)' })
  @Post()
  create(@Body() dto: CreateSurvivorContestDto): Promise<SurvivorContestDto> {
    return this.contests.create(dto);
  }

  @ApiOperation({ summary: 'Update a survivor contest; its rules lock with its first week (admins only)' })
  @Patch(':id')
  update(@Param('id', IdParam()) id: number, @Body() dto: UpdateSurvivorContestDto): Promise<SurvivorContestDto> {
    return this.contests.update(id, dto);
  }

  @ApiOperation({ summary: 'Delete a survivor contest without picks (admins only)' })
  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUser() admin: Principal, @Param('id', IdParam()) id: number, @Ip() ip: string): Promise<void> {
    return this.contests.remove(id, admin, ip);
  }

  @ApiOperation({ summary: 'Mark entrants\' fees paid or unpaid (admins only)' })
  @Patch(':id/entries_paid')
  markPaid(@CurrentUser() admin: Principal, @Param('id', IdParam()) id: number, @Body() dto: MarkPaidDto): Promise<MarkEntriesPaidResultDto> {
    return this.contests.markPaid(id, dto, admin);
  }
}

/** A survivor contest's entrants (react-admin's list dialect), admins only. */
@ApiTags('survivor')
@ApiBearerAuth()
@Controller('survivor_entries')
@Roles('admin')
export class SurvivorEntriesController {
  constructor(private readonly entries: SurvivorEntriesService) {}

  @ApiOperation({ summary: 'List a survivor contest\'s entrants (admins only)' })
  @Get()
  @ListOf(SurvivorEntryDto)
  async findAll(@ListQuery(SurvivorEntryFilterDto) list: ListParams<SurvivorEntryFilterDto>): Promise<ListAnswer<SurvivorEntryDto>> {
    return ListAnswer.of('survivor_entries', list, await this.entries.list(list), (entry) => entry);
  }

  @ApiOperation({ summary: 'Enter a member in a survivor contest until entry closes (admins only)' })
  @Post()
  create(@CurrentUser() admin: Principal, @Body() dto: CreateSurvivorEntryDto): Promise<SurvivorEntryDto> {
    return this.entries.create(dto, admin);
  }

  @ApiOperation({ summary: 'Remove an entrant (and their picks) until entry closes (admins only)' })
  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id', IdParam()) id: number): Promise<void> {
    return this.entries.remove(id);
  }
}
