import { Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Roles } from '../common/decorators/roles.decorator';
import type { Principal } from '../common/principal';
import { IdParam } from '../common/pipes/id-param.pipe';
import { CalculateQueryDto, ResultsStatusQueryDto, StandingsQueryDto, WeeklyResultsQueryDto } from './dto/results-query.dto';
import { ResultsStatusDto } from './dto/results-status.dto';
import { SeasonProgressDto, SeasonStandingDto, StandingsDto } from './dto/season-standing.dto';
import { SeasonCalculationDto, WeekCalculationDto } from './dto/week-calculation.dto';
import { WeeklyResultDto } from './dto/weekly-result.dto';
import { SeasonResultsService } from './season-results.service';
import { WeeklyAwardsDto } from './dto/weekly-awards.dto';
import { WeeklyAwardsService } from './weekly-awards.service';
import { WeeklyResultsService } from './weekly-results.service';

const JSON_CONTENT = 'application/json; charset=utf-8';

@ApiTags('results')
@ApiBearerAuth()
@Controller('weekly_results')
export class WeeklyResultsController {
  constructor(private readonly results: WeeklyResultsService) {}

  /** A list of WeeklyResultDto, as JSON text straight from the database. */
  @ApiOperation({ summary: 'A week\'s results (any signed-in user)' })
  @Get()
  @Header('Content-Type', JSON_CONTENT)
  @ApiOkResponse({ type: [WeeklyResultDto] })
  findForWeek(@CurrentUser() reader: Principal, @Query() query: WeeklyResultsQueryDto): Promise<string> {
    return this.results.findForWeekJson(query.week_id, query.football_season_id, reader);
  }

  /** `?dry_run=true` answers what the calculation would write and change, writing nothing. */
  @ApiOperation({
    summary: 'Calculate a week\'s results (admins only)',
    description: '`?dry_run=true` answers what the calculation would write and change, writing nothing.',
  })
  @Post('calculate/:week_id')
  @Roles('admin')
  @HttpCode(200)
  calculate(@CurrentUser() admin: Principal, @Param('week_id', IdParam()) weekId: number, @Query() query: CalculateQueryDto): Promise<WeekCalculationDto> {
    return this.results.calculate(weekId, { dryRun: query.dry_run, by: admin });
  }

  /** When and how the week's results were last calculated: automatically (as its games went final) or by which admin. */
  @ApiOperation({ summary: 'When and how a week\'s results were last calculated (admins only)' })
  @Get('status')
  @Roles('admin')
  status(@Query() query: ResultsStatusQueryDto): Promise<ResultsStatusDto> {
    return this.results.status(query.week_id);
  }
}

@ApiTags('results')
@ApiBearerAuth()
@Controller('season_results')
export class SeasonResultsController {
  constructor(private readonly seasons: SeasonResultsService) {}

  @ApiOperation({ summary: 'Calculate a season\'s standings (admins only)' })
  @Post('calculate/:season_id')
  @Roles('admin')
  @HttpCode(200)
  calculate(@Param('season_id', IdParam()) seasonId: number): Promise<SeasonCalculationDto> {
    return this.seasons.calculate(seasonId);
  }

  /** A StandingsDto, as JSON text: the season, then the standings list straight from the database. */
  @ApiOperation({ summary: 'A season\'s standings (any signed-in user)' })
  @Get('standings/:season_id')
  @Header('Content-Type', JSON_CONTENT)
  @ApiOkResponse({ type: StandingsDto })
  async standings(@CurrentUser() reader: Principal, @Param('season_id', IdParam()) seasonId: number): Promise<string> {
    const { season, standings } = await this.seasons.standingsJson(seasonId, reader);
    return `{"season":${JSON.stringify(season)},"standings":${standings}}`;
  }

  @ApiOperation({ summary: 'Each member\'s wins and points week by week through a season (any signed-in user)' })
  @Get(':season_id/by_week')
  progress(@Param('season_id', IdParam()) seasonId: number): Promise<SeasonProgressDto> {
    return this.seasons.progress(seasonId);
  }
}

@ApiTags('results')
@ApiBearerAuth()
@Controller('standings')
export class StandingsController {
  constructor(private readonly seasons: SeasonResultsService) {}

  /** The member dashboard's standings: the given season's, or the current season's. */
  @ApiOperation({ summary: 'The standings of a season, or of the current season (any signed-in user)' })
  @Get()
  @Header('Content-Type', JSON_CONTENT)
  @ApiOkResponse({ type: [SeasonStandingDto] })
  async standings(@CurrentUser() reader: Principal, @Query() query: StandingsQueryDto): Promise<string> {
    return (await this.seasons.standingsJson(query.football_season_id, reader)).standings;
  }
}

@ApiTags('results')
@ApiBearerAuth()
@Controller('weeks')
export class WeeklyAwardsController {
  constructor(private readonly awards: WeeklyAwardsService) {}

  /** The week's awards (docs/saturday.md#weekly-awards); empty until its results are calculated. */
  @ApiOperation({ summary: 'A week\'s awards; empty until its results are calculated (any signed-in user)' })
  @Get(':id/awards')
  awardsOf(@Param('id', IdParam()) id: number): Promise<WeeklyAwardsDto> {
    return this.awards.forWeek(id);
  }
}
