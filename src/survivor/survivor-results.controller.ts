import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/decorators/roles.decorator';
import { IdParam } from '../common/pipes/id-param.pipe';
import { SurvivorCalculationDto } from './dto/survivor-calculation.dto';
import { SurvivorResultsService } from './survivor-results.service';

@ApiTags('survivor')
@ApiBearerAuth()
@Controller('survivor_contests')
export class SurvivorResultsController {
  constructor(private readonly results: SurvivorResultsService) {}

  /** Recalculates the contest's results now, from its first week (they also follow each week's last final by themselves). */
  @ApiOperation({ summary: "Recalculate a survivor contest's results (admins only)" })
  @Post(':id/calculate')
  @Roles('admin')
  @HttpCode(200)
  calculate(@Param('id', IdParam()) id: number): Promise<SurvivorCalculationDto> {
    return this.results.calculate(id);
  }
}
