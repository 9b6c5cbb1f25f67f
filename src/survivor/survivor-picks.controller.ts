import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Patch, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Roles } from '../common/decorators/roles.decorator';
import { ListAnswer, ListOf } from '../common/list/list-answer';
import { ListParams, ListQuery } from '../common/list/list-query';
import { IdParam } from '../common/pipes/id-param.pipe';
import type { Principal } from '../common/principal';
import {
  CreateSurvivorPickDto,
  DeleteSurvivorPickDto,
  SurvivorPickAuditDto,
  SurvivorPickAuditFilterDto,
  SurvivorPickDto,
  SurvivorPickFilterDto,
  UpdateSurvivorPickDto,
} from './dto/survivor-pick.dto';
import { SurvivorPickOverridesService } from './survivor-pick-overrides.service';

/** Entrants' survivor picks as admins see them, and the audited overrides (docs/pool-formats.md#survivor#picks). */
@ApiTags('survivor')
@ApiBearerAuth()
@Controller('survivor_picks')
@Roles('admin')
export class SurvivorPicksController {
  constructor(private readonly overrides: SurvivorPickOverridesService) {}

  @ApiOperation({ summary: 'List survivor picks; a team is hidden until its game\'s pick window closes (admins only)' })
  @Get()
  @ListOf(SurvivorPickDto)
  async findAll(@CurrentUser() admin: Principal, @ListQuery(SurvivorPickFilterDto) list: ListParams<SurvivorPickFilterDto>): Promise<ListAnswer<SurvivorPickDto>> {
    return ListAnswer.of('survivor_picks', list, await this.overrides.list(admin, list), (pick) => pick);
  }

  @ApiOperation({ summary: 'Get one survivor pick (admins only)' })
  @Get(':id')
  findOne(@CurrentUser() admin: Principal, @Param('id', IdParam()) id: number): Promise<SurvivorPickDto> {
    return this.overrides.findOne(admin, id);
  }

  @ApiOperation({
    summary: 'Make or change an entrant\'s pick of a week, audited (admins only)',
    description: '201 with a new pick; 200 when the entrant\'s pick of that week was changed instead.',
  })
  @Post()
  async create(@CurrentUser() admin: Principal, @Body() dto: CreateSurvivorPickDto, @Res({ passthrough: true }) res: FastifyReply, @Ip() ip: string): Promise<SurvivorPickDto> {
    const { pick, created } = await this.overrides.create(admin, dto, ip);
    res.status(created ? 201 : 200);
    return pick;
  }

  @ApiOperation({ summary: 'Change an entrant\'s survivor pick, audited (admins only)' })
  @Patch(':id')
  update(@CurrentUser() admin: Principal, @Param('id', IdParam()) id: number, @Body() dto: UpdateSurvivorPickDto, @Ip() ip: string): Promise<SurvivorPickDto> {
    return this.overrides.update(admin, id, dto, ip);
  }

  @ApiOperation({ summary: 'Delete an entrant\'s survivor pick, audited (admins only)' })
  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUser() admin: Principal, @Param('id', IdParam()) id: number, @Body() dto: DeleteSurvivorPickDto, @Ip() ip: string): Promise<void> {
    return this.overrides.remove(admin, id, dto?.reason ?? null, ip);
  }
}

/** The trail of admins' changes to survivor picks. */
@ApiTags('survivor')
@ApiBearerAuth()
@Controller('survivor_pick_audits')
@Roles('admin')
export class SurvivorPickAuditsController {
  constructor(private readonly overrides: SurvivorPickOverridesService) {}

  @ApiOperation({ summary: 'List admins\' changes to survivor picks, newest first (admins only)' })
  @Get()
  @ListOf(SurvivorPickAuditDto)
  async findAll(@ListQuery(SurvivorPickAuditFilterDto) list: ListParams<SurvivorPickAuditFilterDto>): Promise<ListAnswer<SurvivorPickAuditDto>> {
    return ListAnswer.of('survivor_pick_audits', list, await this.overrides.audits(list), (audit) => audit);
  }
}
