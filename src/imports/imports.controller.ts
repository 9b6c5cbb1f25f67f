import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Roles } from '../common/decorators/roles.decorator';
import { ListAnswer, ListOf } from '../common/list/list-answer';
import { ListParams, ListQuery } from '../common/list/list-query';
import { IdParam } from '../common/pipes/id-param.pipe';
import type { User } from '../users/entities/user.entity';
import { ApplyImportDto } from './dto/apply-import.dto';
import { ApplyResultDto } from './dto/apply-result.dto';
import { CreateImportDto } from './dto/create-import.dto';
import { CalendarImportResultDto, ImportCalendarDto } from './dto/import-calendar.dto';
import { ImportFilterDto } from './dto/import-filter.dto';
import { ImportPreviewDto, ImportSummaryDto } from './dto/import-preview.dto';
import { ProviderInfoDto } from './dto/provider-info.dto';
import { CalendarImportService } from './calendar-import.service';
import { ProvidersService } from './providers/providers.service';
import { WeekImportService } from './week-import.service';

/** Imports from the data providers (docs/imports.md#the-api): admins only. */
@ApiTags('imports')
@ApiBearerAuth()
@Roles('admin')
@Controller()
export class ImportsController {
  constructor(
    private readonly imports: WeekImportService,
    private readonly calendarImport: CalendarImportService,
    private readonly providers: ProvidersService,
  ) {}

  @ApiOperation({ summary: 'List the game data providers and whether each is set up (admins only)' })
  @Get('providers')
  @ApiOkResponse({ type: ProviderInfoDto, isArray: true })
  listProviders(): ProviderInfoDto[] {
    return this.providers.list();
  }

  /** Fetches a week from the provider and answers (and keeps) the preview of what applying it would change. */
  @ApiOperation({
    summary: 'Fetch a week from a provider and preview what applying it would change (admins only)',
    description: 'The preview is kept, to be applied later.',
  })
  @Post('imports')
  @ApiCreatedResponse({ type: ImportPreviewDto })
  preview(@CurrentUser() admin: User, @Body() dto: CreateImportDto): Promise<ImportPreviewDto> {
    return this.imports.preview(admin, dto);
  }

  @ApiOperation({ summary: 'List imports and score syncs (admins only)' })
  @Get('imports')
  @ListOf(ImportSummaryDto)
  async findAll(@ListQuery(ImportFilterDto) list: ListParams<ImportFilterDto>): Promise<ListAnswer<ImportSummaryDto>> {
    return ListAnswer.of('imports', list, await this.imports.findAll(list), (item) => item);
  }

  @ApiOperation({ summary: 'Get one import: a preview, or the summary of an applied import (admins only)' })
  @Get('imports/:id')
  @ApiExtraModels(ImportPreviewDto, ImportSummaryDto)
  @ApiOkResponse({ schema: { oneOf: [{ $ref: getSchemaPath(ImportPreviewDto) }, { $ref: getSchemaPath(ImportSummaryDto) }] } })
  findOne(@Param('id', IdParam()) id: number): Promise<ImportSummaryDto | ImportPreviewDto> {
    return this.imports.findOne(id);
  }

  /** Applies a preview to its week in one transaction. */
  @ApiOperation({ summary: 'Apply an import preview to its week, in one transaction (admins only)' })
  @Post('imports/:id/apply')
  @HttpCode(200)
  @ApiOkResponse({ type: ApplyResultDto })
  apply(@CurrentUser() admin: User, @Param('id', IdParam()) id: number, @Body() dto: ApplyImportDto): Promise<ApplyResultDto> {
    return this.imports.apply(admin, id, dto);
  }

  /** The season's weeks from the provider's calendar; weeks that exist are left alone. */
  @ApiOperation({
    summary: 'Create a season\'s weeks from the provider\'s calendar (admins only)',
    description: 'Weeks that exist already are left alone.',
  })
  @Post('football_seasons/:id/weeks/import')
  @HttpCode(200)
  @ApiOkResponse({ type: CalendarImportResultDto })
  importCalendar(@CurrentUser() admin: User, @Param('id', IdParam()) id: number, @Body() dto: ImportCalendarDto): Promise<CalendarImportResultDto> {
    return this.calendarImport.importCalendar(admin, id, dto);
  }
}
