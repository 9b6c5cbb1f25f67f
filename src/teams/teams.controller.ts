import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Patch, Post } from '@nestjs/common';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import type { Principal } from '../common/principal';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/decorators/roles.decorator';
import { ListAnswer, ListOf } from '../common/list/list-answer';
import { ListParams, ListQuery } from '../common/list/list-query';
import { IdParam } from '../common/pipes/id-param.pipe';
import { CreateTeamDto } from './dto/create-team.dto';
import { TeamFilterDto } from './dto/team-filter.dto';
import { TeamResponseDto } from './dto/team-response.dto';
import { UpdateTeamDto } from './dto/update-team.dto';
import { TeamsService } from './teams.service';

/** Reads are open to every member (a profile's favorite team, game listings); changes are for admins. */
@ApiTags('teams')
@ApiBearerAuth()
@Controller('teams')
export class TeamsController {
  constructor(private readonly teams: TeamsService) {}

  @ApiOperation({ summary: 'List teams (any signed-in user)' })
  @Get()
  @ListOf(TeamResponseDto)
  async findAll(@ListQuery(TeamFilterDto) list: ListParams<TeamFilterDto>): Promise<ListAnswer<TeamResponseDto>> {
    return ListAnswer.of('teams', list, await this.teams.findAll(list), TeamResponseDto.from);
  }

  @ApiOperation({ summary: 'Get one team (any signed-in user)' })
  @Get(':id')
  async findOne(@Param('id', IdParam()) id: number): Promise<TeamResponseDto> {
    return TeamResponseDto.from(await this.teams.findById(id));
  }

  @ApiOperation({ summary: 'Create a team (admins only)' })
  @Post()
  @Roles('admin')
  async create(@Body() dto: CreateTeamDto): Promise<TeamResponseDto> {
    return TeamResponseDto.from(await this.teams.create(dto));
  }

  @ApiOperation({ summary: 'Update a team (admins only)' })
  @Patch(':id')
  @Roles('admin')
  async update(@Param('id', IdParam()) id: number, @Body() dto: UpdateTeamDto): Promise<TeamResponseDto> {
    return TeamResponseDto.from(await this.teams.update(id, dto));
  }

  @ApiOperation({ summary: 'Delete a team (admins only)' })
  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  remove(@CurrentUser() actor: Principal, @Param('id', IdParam()) id: number, @Ip() ip: string): Promise<void> {
    return this.teams.remove(id, actor, ip);
  }
}
