import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { IdParam } from '../common/pipes/id-param.pipe';
import type { Principal } from '../common/principal';
import { SurvivorBoardDto, SurvivorBoardQueryDto, SurvivorOwnPickDto, SurvivorQueryDto, SurvivorViewDto, SurvivorWeekPickDto } from './dto/member-survivor.dto';
import { SaveSurvivorPickDto } from './dto/survivor-pick.dto';
import { SurvivorBoardService } from './survivor-board.service';
import { SurvivorEntriesService } from './survivor-entries.service';
import { SurvivorPicksService } from './survivor-picks.service';

/** The survivor contest as members use it (docs/pool-formats.md#survivor#routes): plain JSON, every signed-in account. */
@ApiTags('survivor')
@ApiBearerAuth()
@Controller('survivor')
export class MemberSurvivorController {
  constructor(
    private readonly board: SurvivorBoardService,
    private readonly entries: SurvivorEntriesService,
  ) {}

  @ApiOperation({ summary: 'The season\'s survivor contest as you see it (any signed-in user)' })
  @Get()
  view(@CurrentUser() viewer: Principal, @Query() query: SurvivorQueryDto): Promise<SurvivorViewDto> {
    return this.board.view(viewer, query.season_id);
  }

  @ApiOperation({ summary: 'Enter a survivor contest until entry closes (any signed-in user)' })
  @Post(':contest_id/entry')
  async enter(@CurrentUser() viewer: Principal, @Param('contest_id', IdParam()) contestId: number): Promise<SurvivorViewDto> {
    await this.entries.optIn(contestId, viewer);
    return this.board.viewOf(contestId, viewer);
  }

  @ApiOperation({ summary: 'Leave a survivor contest until entry closes (any signed-in user)' })
  @Delete(':contest_id/entry')
  @HttpCode(204)
  leave(@CurrentUser() viewer: Principal, @Param('contest_id', IdParam()) contestId: number): Promise<void> {
    return this.entries.optOut(contestId, viewer);
  }

  @ApiOperation({ summary: 'A survivor contest\'s board: standings and the week\'s revealed picks (any signed-in user)' })
  @Get(':contest_id/board')
  showBoard(@CurrentUser() viewer: Principal, @Param('contest_id', IdParam()) contestId: number, @Query() query: SurvivorBoardQueryDto): Promise<SurvivorBoardDto> {
    return this.board.board(contestId, viewer, query.week_id);
  }
}

/** A member's survivor pick of a week. */
@ApiTags('survivor')
@ApiBearerAuth()
@Controller('weeks')
export class WeekSurvivorPickController {
  constructor(private readonly picks: SurvivorPicksService) {}

  @ApiOperation({ summary: 'Your survivor pick of a week and the teams you may pick (any signed-in user)' })
  @Get(':id/survivor_pick')
  show(@CurrentUser() viewer: Principal, @Param('id', IdParam()) weekId: number): Promise<SurvivorWeekPickDto> {
    return this.picks.weekPick(weekId, viewer);
  }

  @ApiOperation({ summary: 'Save your survivor pick of a week (any signed-in user)' })
  @Put(':id/survivor_pick')
  save(@CurrentUser() viewer: Principal, @Param('id', IdParam()) weekId: number, @Body() dto: SaveSurvivorPickDto): Promise<SurvivorOwnPickDto> {
    return this.picks.save(weekId, dto.team_id, viewer);
  }

  @ApiOperation({ summary: 'Clear your survivor pick of a week while its game is open (any signed-in user)' })
  @Delete(':id/survivor_pick')
  @HttpCode(204)
  clear(@CurrentUser() viewer: Principal, @Param('id', IdParam()) weekId: number): Promise<void> {
    return this.picks.clear(weekId, viewer);
  }
}
