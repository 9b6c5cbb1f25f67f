import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/decorators/roles.decorator';
import { ListAnswer, ListOf } from '../common/list/list-answer';
import { ListParams, ListQuery } from '../common/list/list-query';
import { IdParam } from '../common/pipes/id-param.pipe';
import { SaveTeamMappingsDto, TeamMappingDto, TeamMappingFilterDto, TeamMappingsResultDto } from './dto/team-mapping.dto';
import { TeamMappingsService } from './team-mappings.service';

/** Providers' teams mapped to ours (docs/imports.md#team-matching): admins only. */
@ApiTags('imports')
@ApiBearerAuth()
@Roles('admin')
@Controller('team_mappings')
export class TeamMappingsController {
  constructor(private readonly mappings: TeamMappingsService) {}

  @ApiOperation({ summary: 'List how providers\' team names map to the pool\'s teams (admins only)' })
  @Get()
  @ListOf(TeamMappingDto)
  async findAll(@ListQuery(TeamMappingFilterDto) list: ListParams<TeamMappingFilterDto>): Promise<ListAnswer<TeamMappingDto>> {
    return ListAnswer.of('team_mappings', list, await this.mappings.findAll(list), (item) => item);
  }

  /** Maps providers' teams to ours, or creates them, in one transaction. */
  @ApiOperation({ summary: 'Map providers\' teams to the pool\'s teams, creating teams as asked, in one transaction (admins only)' })
  @Post()
  @ApiCreatedResponse({ type: TeamMappingsResultDto })
  async save(@Body() dto: SaveTeamMappingsDto): Promise<TeamMappingsResultDto> {
    return { mappings: await this.mappings.save(dto) };
  }

  @ApiOperation({ summary: 'Delete a team mapping (admins only)' })
  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id', IdParam()) id: number): Promise<void> {
    return this.mappings.remove(id);
  }
}
