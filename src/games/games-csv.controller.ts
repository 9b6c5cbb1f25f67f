import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { attachment, CSV_CONTENT_TYPE } from '../common/csv';
import { Roles } from '../common/decorators/roles.decorator';
import { IdParam } from '../common/pipes/id-param.pipe';
import { GamesCsvService } from './games-csv.service';

/** A week's games as a CSV download (docs/imports.md#csv), for admins. */
@ApiTags('games')
@ApiBearerAuth()
@Controller('weeks')
export class GamesCsvController {
  constructor(private readonly csv: GamesCsvService) {}

  /** The columns are listed in docs/imports.md#csv; ordered by kickoff. */
  @ApiOperation({ summary: 'Download a week\'s games as CSV, ordered by kickoff (admins only)' })
  @Get(':id/games.csv')
  @Roles('admin')
  @ApiProduces(CSV_CONTENT_TYPE)
  @ApiOkResponse({ description: 'The week\'s games as CSV', schema: { type: 'string' } })
  @ApiNotFoundResponse({ description: 'No such week' })
  @Header('Cache-Control', 'no-store')
  async weekGames(@Param('id', IdParam()) id: number, @Res({ passthrough: true }) res: FastifyReply): Promise<string> {
    const { fileName, csv } = await this.csv.weekGames(id);
    res.type(CSV_CONTENT_TYPE).header('Content-Disposition', attachment(fileName));
    return csv;
  }
}
