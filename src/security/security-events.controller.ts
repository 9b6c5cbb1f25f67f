import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/decorators/roles.decorator';
import { ListAnswer, ListOf } from '../common/list/list-answer';
import { ListParams, ListQuery } from '../common/list/list-query';
import { SecurityEventFilterDto } from './dto/security-event-filter.dto';
import { SecurityEventResponseDto } from './dto/security-event-response.dto';
import { SecurityEventsService } from './security-events.service';

/** The security log, newest first: who logged in, failed, was throttled, changed roles, deleted, overrode … */
@ApiTags('security')
@ApiBearerAuth()
@Roles('admin')
@Controller('security_events')
export class SecurityEventsController {
  constructor(private readonly events: SecurityEventsService) {}

  @ApiOperation({ summary: 'List the security log, newest first (admins only)' })
  @Get()
  @ListOf(SecurityEventResponseDto)
  async findAll(@ListQuery(SecurityEventFilterDto) list: ListParams<SecurityEventFilterDto>): Promise<ListAnswer<SecurityEventResponseDto>> {
    return ListAnswer.of('security_events', list, await this.events.findAll(list), SecurityEventResponseDto.from);
  }
}
