import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/decorators/roles.decorator';
import { IdParam } from '../common/pipes/id-param.pipe';
import { CalculateQueryDto, StandingsQueryDto, WeeklyResultsQueryDto } from './dto/results-query.dto';
import { SeasonProgressDto, SeasonStandingDto, StandingsDto } from './dto/season-standing.dto';
import { WeeklyResultDto } from './dto/weekly-result.dto';
import { SeasonResultsService } from './season-results.service';
import { WeekCalculation, WeeklyResultsService } from './weekly-results.service';

@ApiTags('results')
@ApiBearerAuth()
@Controller('weekly_results')
export class WeeklyResultsController {
  constructor(private readonly results: WeeklyResultsService) {}

  @Get()
  findForWeek(@Query() query: WeeklyResultsQueryDto): Promise<WeeklyResultDto[]> {
    return this.results.findForWeek(query.week_id, query.football_season_id);
  }

  /** `?dry_run=true` answers what the calculation would write and change, writing nothing. */
  @Post('calculate/:week_id')
  @Roles('admin')
  @HttpCode(200)
  calculate(@Param('week_id', IdParam()) weekId: number, @Query() query: CalculateQueryDto): Promise<WeekCalculation> {
    return this.results.calculate(weekId, { dryRun: query.dry_run });
  }
}

@ApiTags('results')
@ApiBearerAuth()
@Controller('season_results')
export class SeasonResultsController {
  constructor(private readonly seasons: SeasonResultsService) {}

  @Post('calculate/:season_id')
  @Roles('admin')
  @HttpCode(200)
  calculate(@Param('season_id', IdParam()) seasonId: number): Promise<{ results_count: number }> {
    return this.seasons.calculate(seasonId);
  }

  @Get('standings/:season_id')
  standings(@Param('season_id', IdParam()) seasonId: number): Promise<StandingsDto> {
    return this.seasons.standings(seasonId);
  }

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
  @Get()
  async standings(@Query() query: StandingsQueryDto): Promise<SeasonStandingDto[]> {
    return (await this.seasons.standings(await this.seasons.resolveSeasonId(query.football_season_id))).standings;
  }
}
