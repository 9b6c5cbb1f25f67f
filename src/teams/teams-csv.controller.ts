import { Body, Controller, Get, Header, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { attachment, CSV_CONTENT_TYPE } from '../common/csv';
import { Roles } from '../common/decorators/roles.decorator';
import { ImportTeamsCsvDto, TeamsImportResultDto } from './dto/import-teams-csv.dto';
import { TeamsService } from './teams.service';

/** Teams as a CSV file, out and back in (docs/imports.md#csv), for admins. */
@ApiTags('teams')
@ApiBearerAuth()
@Controller()
export class TeamsCsvController {
  constructor(private readonly teams: TeamsService) {}

  /** Every team, by name; alternate_names separated by "; ". */
  @ApiOperation({ summary: 'Download every team as CSV, by name (admins only)', description: 'alternate_names are separated by "; ".' })
  @Get('teams.csv')
  @Roles('admin')
  @ApiProduces(CSV_CONTENT_TYPE)
  @ApiOkResponse({ description: 'Every team as CSV', schema: { type: 'string' } })
  @Header('Cache-Control', 'no-store')
  async exportCsv(@Res({ passthrough: true }) res: FastifyReply): Promise<string> {
    const csv = await this.teams.exportCsv();
    res.type(CSV_CONTENT_TYPE).header('Content-Disposition', attachment('teams.csv'));
    return csv;
  }

  /**
   * A row with an id updates that team, else the team of that name, else creates one; all in one transaction. Any
   * problem refuses the whole file (422, the problems by line) and nothing is written.
   */
  @ApiOperation({
    summary: 'Create and update teams from a CSV file, in one transaction (admins only)',
    description: 'A row with an id updates that team, else the team of that name, else creates one. Any problem refuses the whole file (422, the problems by line) and nothing is written.',
  })
  @Post('teams/import')
  @Roles('admin')
  @HttpCode(200)
  @ApiUnprocessableEntityResponse({ description: 'The file has problems (listed by line); nothing was written' })
  importCsv(@Body() dto: ImportTeamsCsvDto): Promise<TeamsImportResultDto> {
    return this.teams.importCsv(dto.csv);
  }
}
