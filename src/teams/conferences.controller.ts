import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Patch, Post } from '@nestjs/common';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import type { Principal } from '../common/principal';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/decorators/roles.decorator';
import { ListAnswer, ListOf } from '../common/list/list-answer';
import { ListParams, ListQuery } from '../common/list/list-query';
import { IdParam } from '../common/pipes/id-param.pipe';
import { ConferencesService } from './conferences.service';
import { ConferenceFilterDto } from './dto/conference-filter.dto';
import { ConferenceResponseDto } from './dto/conference-response.dto';
import { SaveConferenceDto } from './dto/save-conference.dto';

/** Reads are open to every member (team pickers); changes are for admins. */
@ApiTags('conferences')
@ApiBearerAuth()
@Controller('conferences')
export class ConferencesController {
  constructor(private readonly conferences: ConferencesService) {}

  @ApiOperation({ summary: 'List conferences (any signed-in user)' })
  @Get()
  @ListOf(ConferenceResponseDto)
  async findAll(@ListQuery(ConferenceFilterDto) list: ListParams<ConferenceFilterDto>): Promise<ListAnswer<ConferenceResponseDto>> {
    return ListAnswer.of('conferences', list, await this.conferences.findAll(list), ConferenceResponseDto.from);
  }

  @ApiOperation({ summary: 'Get one conference (any signed-in user)' })
  @Get(':id')
  async findOne(@Param('id', IdParam()) id: number): Promise<ConferenceResponseDto> {
    return ConferenceResponseDto.from(await this.conferences.findById(id));
  }

  @ApiOperation({ summary: 'Create a conference (admins only)' })
  @Post()
  @Roles('admin')
  async create(@Body() dto: SaveConferenceDto): Promise<ConferenceResponseDto> {
    return ConferenceResponseDto.from(await this.conferences.create(dto));
  }

  @ApiOperation({ summary: 'Update a conference (admins only)' })
  @Patch(':id')
  @Roles('admin')
  async update(@Param('id', IdParam()) id: number, @Body() dto: SaveConferenceDto): Promise<ConferenceResponseDto> {
    return ConferenceResponseDto.from(await this.conferences.update(id, dto));
  }

  @ApiOperation({ summary: 'Delete a conference (admins only)' })
  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  remove(@CurrentUser() actor: Principal, @Param('id', IdParam()) id: number, @Ip() ip: string): Promise<void> {
    return this.conferences.remove(id, actor, ip);
  }
}
