import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Patch, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Roles } from '../common/decorators/roles.decorator';
import { ListAnswer, ListOf } from '../common/list/list-answer';
import { ListParams, ListQuery } from '../common/list/list-query';
import { IdParam } from '../common/pipes/id-param.pipe';
import { User } from '../users/entities/user.entity';
import { CreatePickDto } from './dto/create-pick.dto';
import { DeletePickDto } from './dto/delete-pick.dto';
import { PickFilterDto } from './dto/pick-filter.dto';
import { PickHistoryEntryDto } from './dto/pick-history-entry.dto';
import { PickResponseDto } from './dto/pick-response.dto';
import { UpdatePickDto } from './dto/update-pick.dto';
import { MemberPicksService } from './member-picks.service';
import { PickOverridesService } from './pick-overrides.service';

@ApiTags('picks')
@ApiBearerAuth()
@Controller('picks')
export class PicksController {
  constructor(
    private readonly picks: MemberPicksService,
    private readonly overrides: PickOverridesService,
  ) {}

  @ApiOperation({ summary: 'List picks: your own, or any member\'s for an admin (any signed-in user)' })
  @Get()
  @ListOf(PickResponseDto)
  async findAll(@CurrentUser() user: User, @ListQuery(PickFilterDto) list: ListParams<PickFilterDto>): Promise<ListAnswer<PickResponseDto>> {
    return ListAnswer.of('picks', list, await this.picks.findAll(user, list), PickResponseDto.from);
  }

  @ApiOperation({ summary: 'Get one pick (any signed-in user; members see their own)' })
  @Get(':id')
  async findOne(@CurrentUser() user: User, @Param('id', IdParam()) id: number): Promise<PickResponseDto> {
    return PickResponseDto.from(await this.picks.findOne(user, id));
  }

  @ApiOperation({ summary: 'A pick\'s changes, newest first (admins only)' })
  @Get(':id/history')
  @Roles('admin')
  async history(@Param('id', IdParam()) id: number): Promise<PickHistoryEntryDto[]> {
    return (await this.overrides.history(id)).map(PickHistoryEntryDto.from);
  }

  /** 201 with a new pick; 200 when the member's pick of that game was updated instead. */
  @ApiOperation({
    summary: 'Make or change a pick of a game (any signed-in user; admins may pick for a member)',
    description: '201 with a new pick; 200 when your pick of that game was updated instead.',
  })
  @Post()
  async create(@CurrentUser() user: User, @Body() dto: CreatePickDto, @Res({ passthrough: true }) res: FastifyReply, @Ip() ip: string): Promise<PickResponseDto> {
    const { pick, created } = await this.picks.save(user, dto, ip);
    res.status(created ? 201 : 200);
    return PickResponseDto.from(pick);
  }

  @ApiOperation({ summary: 'Update a pick (any signed-in user; members their own)' })
  @Patch(':id')
  async update(@CurrentUser() user: User, @Param('id', IdParam()) id: number, @Body() dto: UpdatePickDto, @Ip() ip: string): Promise<PickResponseDto> {
    return PickResponseDto.from(await this.picks.update(user, id, dto, ip));
  }

  @ApiOperation({ summary: 'Delete a pick (any signed-in user; members their own)' })
  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUser() user: User, @Param('id', IdParam()) id: number, @Body() dto: DeletePickDto, @Ip() ip: string): Promise<void> {
    return this.picks.remove(user, id, dto.reason ?? null, ip);
  }
}
