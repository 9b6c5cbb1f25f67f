import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
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

  @ApiOperation({ summary: 'The members who have not picked every open game of a week (admins only)' })
  @Get(':id/missing_picks')
  find(@Param('id', IdParam()) id: number): Promise<MissingPicksDto[]> {
    return this.missingPicks.find(id);
  }

  @ApiOperation({ summary: 'Send a pick reminder now to every member still missing picks in a week (admins only)' })
  @Post(':id/missing_picks/remind')
  @HttpCode(200)
  remind(@Param('id', IdParam()) id: number): Promise<SendResultDto> {
    return this.missingPicks.remindNow(id);
  }

  /** One member's nudge: the same reminder, to that member alone (sent_count 0 when nothing is missing). */
  @ApiOperation({
    summary: 'Send a pick reminder now to one member (admins only)',
    description: 'sent_count is 0 when the member has nothing missing.',
  })
  @Post(':id/missing_picks/:user_id/remind')
  @HttpCode(200)
  remindOne(@Param('id', IdParam()) id: number, @Param('user_id', IdParam()) userId: number): Promise<SendResultDto> {
    return this.missingPicks.remindNow(id, userId);
  }
}
