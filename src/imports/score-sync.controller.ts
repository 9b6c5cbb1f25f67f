import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Roles } from '../common/decorators/roles.decorator';
import { User } from '../users/entities/user.entity';
import { ScoreSyncReportDto, ScoreSyncRequestDto } from './dto/score-sync.dto';
import { ScoreSyncService } from './score-sync.service';

/** The score sync now (docs/imports.md#score-sync); the scheduled job runs the same sync while games are under way. */
@ApiTags('imports')
@ApiBearerAuth()
@Controller('score_sync')
export class ScoreSyncController {
  constructor(private readonly scoreSync: ScoreSyncService) {}

  /**
   * Writes the provider's scores to the week's games (default: the current week) and answers what it did. 422 when
   * there is no current week and no week_id; 502 (504 on a timeout) when the provider fails, and nothing is written.
   */
  @ApiOperation({
    summary: 'Sync a week\'s scores from the provider now (admins only)',
    description: 'Default: the current week. 422 when there is no current week and no week_id; 502 (504 on a timeout) when the provider fails, and then nothing is written.',
  })
  @Post()
  @Roles('admin')
  @HttpCode(200)
  @ApiOkResponse({ type: ScoreSyncReportDto })
  sync(@CurrentUser() admin: User, @Body() dto: ScoreSyncRequestDto): Promise<ScoreSyncReportDto> {
    return this.scoreSync.sync({ weekId: dto.week_id, actor: admin });
  }
}
