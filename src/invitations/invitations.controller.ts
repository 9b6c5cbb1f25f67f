import { Body, Controller, Delete, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Roles } from '../common/decorators/roles.decorator';
import { ListParams, ListQuery, sendList } from '../common/list/list-query';
import { IdParam } from '../common/pipes/id-param.pipe';
import { User } from '../users/entities/user.entity';
import { CreateInvitationDto } from './dto/create-invitation.dto';
import { InvitationFilterDto } from './dto/invitation-filter.dto';
import { InvitationResponseDto } from './dto/invitation-response.dto';
import { Invitation } from './entities/invitation.entity';
import { InvitationsService } from './invitations.service';

@ApiTags('invitations')
@ApiBearerAuth()
@Roles('admin')
@Controller('invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Get()
  async findAll(@ListQuery(InvitationFilterDto) list: ListParams<InvitationFilterDto>, @Res({ passthrough: true }) res: FastifyReply): Promise<InvitationResponseDto[]> {
    const now = new Date();
    const page = await this.invitations.findAll(list);
    const emails = await this.invitations.emailsOf(page.items);
    return sendList(res, 'invitations', list, page, (invitation) => InvitationResponseDto.from(invitation, emails.get(invitation.id), now));
  }

  @Get(':id')
  async findOne(@Param('id', IdParam()) id: number): Promise<InvitationResponseDto> {
    return this.respond(await this.invitations.findById(id));
  }

  @Post()
  async create(@CurrentUser() admin: User, @Body() dto: CreateInvitationDto): Promise<InvitationResponseDto> {
    return this.respond(await this.invitations.create(admin, dto.email));
  }

  @Post(':id/resend')
  @HttpCode(200)
  async resend(@Param('id', IdParam()) id: number): Promise<InvitationResponseDto> {
    return this.respond(await this.invitations.resend(id));
  }

  @Delete(':id')
  @HttpCode(204)
  revoke(@Param('id', IdParam()) id: number): Promise<void> {
    return this.invitations.revoke(id);
  }

  private async respond(invitation: Invitation): Promise<InvitationResponseDto> {
    const emails = await this.invitations.emailsOf([invitation]);
    return InvitationResponseDto.from(invitation, emails.get(invitation.id));
  }
}
