import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/decorators/roles.decorator';
import { IdParam } from '../common/pipes/id-param.pipe';
import { MissingPicksDto } from './dto/missing-picks.dto';
import { SendResultDto } from './dto/weekly-preview.dto';
import { MissingPicksService } from './missing-picks.service';

/** The admin console's "who hasn't picked" for a week, and a reminder to them on demand. */
@ApiTags('notifications')
@ApiBearerAuth()
@Roles('admin')
@Controller('weeks')
export class MissingPicksController {
  constructor(private readonly missingPicks: MissingPicksService) {}

  @Get(':id/missing_picks')
  find(@Param('id', IdParam()) id: number): Promise<MissingPicksDto[]> {
    return this.missingPicks.find(id);
  }

  @Post(':id/missing_picks/remind')
  @HttpCode(200)
  remind(@Param('id', IdParam()) id: number): Promise<SendResultDto> {
    return this.missingPicks.remindNow(id);
  }

  /** One member's nudge: the same reminder, to that member alone (sent_count 0 when nothing is missing). */
  @Post(':id/missing_picks/:user_id/remind')
  @HttpCode(200)
  remindOne(@Param('id', IdParam()) id: number, @Param('user_id', IdParam()) userId: number): Promise<SendResultDto> {
    return this.missingPicks.remindNow(id, userId);
  }
}
