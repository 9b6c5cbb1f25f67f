import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { IdParam } from '../common/pipes/id-param.pipe';
import { User } from '../users/entities/user.entity';
import { PickGridResponseDto } from './dto/pick-grid-response.dto';
import { PickGridService } from './pick-grid.service';

/** GET /weeks/{id}/pick_grid lives with the picks: it is about who may see which pick. */
@ApiTags('picks')
@ApiBearerAuth()
@Controller('weeks')
export class PickGridController {
  constructor(private readonly grid: PickGridService) {}

  @ApiOperation({ summary: 'A week\'s pick grid: the members\' picks of each game, shown once the game is locked (any signed-in user)' })
  @Get(':id/pick_grid')
  pickGrid(@CurrentUser() user: User, @Param('id', IdParam()) id: number): Promise<PickGridResponseDto> {
    return this.grid.grid(user, id);
  }
}
