import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Ip, Param, Post, ValidationPipe } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { Roles } from '../common/decorators/roles.decorator';
import { ListAnswer, ListOf } from '../common/list/list-answer';
import { ListParams, ListQuery } from '../common/list/list-query';
import { IdParam } from '../common/pipes/id-param.pipe';
import { byAddress, bySignedInUser, Throttled } from '../security/throttle.guard';
import { tryAgainIn } from '../security/throttles.service';
import { User } from '../users/entities/user.entity';
import { BULK_INVITATION_MAX, BulkInvitationDto, BulkInvitationResponseDto } from './dto/bulk-invitation.dto';
import { CreateInvitationDto } from './dto/create-invitation.dto';
import { InvitationFilterDto } from './dto/invitation-filter.dto';
import { InvitedEmailDto } from './dto/invited-email.dto';
import { InvitationResponseDto } from './dto/invitation-response.dto';
import { Invitation } from './entities/invitation.entity';
import { InvitationsService } from './invitations.service';

/**
 * The bulk body is checked here rather than by the global pipe: a body that is not a list of addresses is a 400
 * (the request is malformed), while each address of a well-formed list is judged on its own and skipped if bad.
 */
const bulkBody = new ValidationPipe({
  expectedType: BulkInvitationDto,
  whitelist: true,
  transform: true,
  stopAtFirstError: true,
  exceptionFactory: (errors) => new BadRequestException({ errors: errors.flatMap((error) => Object.values(error.constraints ?? {})) }),
});
/**
 * Invitation e-mails one admin may have sent per hour (a bulk request counts each address): a pool of
 * BULK_INVITATION_MAX in one sitting, with room to resend.
 */
export const INVITATIONS_PER_HOUR = 2500;
const INVITATION_THROTTLES = {
  send: {
    name: 'invite-admin',
    points: INVITATIONS_PER_HOUR,
    durationSeconds: 3600,
    message: (waitMs: number) => `Too many invitations sent. ${tryAgainIn(waitMs)}`,
  },
  /** GET /invitation_tokens/:token, per address: failures only (a made-up, used, withdrawn or expired link). */
  lookup: { name: 'invitation-token-ip', points: 30, durationSeconds: 15 * 60, message: (waitMs: number) => `Too many requests. ${tryAgainIn(waitMs)}` },
};
const addressesIn = (request: { body?: unknown }): number => {
  const emails = (request.body as { emails?: unknown } | undefined)?.emails;
  return Array.isArray(emails) ? Math.max(1, Math.min(emails.length, BULK_INVITATION_MAX)) : 1;
};

// The handler declares its body as Readonly<BulkInvitationDto>, a type the global pipe does not validate (TypeScript
// emits no class for it), so bulkBody alone answers for it.

@ApiTags('invitations')
@ApiBearerAuth()
@Roles('admin')
@Controller('invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @ApiOperation({ summary: 'List invitations (admins only)' })
  @Get()
  @ListOf(InvitationResponseDto)
  async findAll(@ListQuery(InvitationFilterDto) list: ListParams<InvitationFilterDto>): Promise<ListAnswer<InvitationResponseDto>> {
    const now = new Date();
    const page = await this.invitations.findAll(list);
    const emails = await this.invitations.emailsOf(page.items);
    return ListAnswer.of('invitations', list, page, (invitation) => InvitationResponseDto.from(invitation, emails.get(invitation.id), now));
  }

  @ApiOperation({ summary: 'Get one invitation (admins only)' })
  @Get(':id')
  async findOne(@Param('id', IdParam()) id: number): Promise<InvitationResponseDto> {
    return this.respond(await this.invitations.findById(id));
  }

  @ApiOperation({ summary: 'Invite an e-mail address to join the pool (admins only)' })
  @Post()
  @Throttled({ policy: INVITATION_THROTTLES.send, key: bySignedInUser })
  async create(@CurrentUser() admin: User, @Body() dto: CreateInvitationDto, @Ip() ip: string): Promise<InvitationResponseDto> {
    return this.respond(await this.invitations.create(admin, dto.email, ip));
  }

  /** Invites a pasted list of addresses at once; the ones that cannot be invited are reported, not refused. */
  @ApiOperation({
    summary: 'Invite a list of addresses at once (admins only)',
    description: 'Addresses that cannot be invited are reported in `skipped`, not refused.',
  })
  @Post('bulk')
  @HttpCode(200)
  @ApiBody({ type: BulkInvitationDto })
  @Throttled({ policy: INVITATION_THROTTLES.send, key: bySignedInUser, cost: addressesIn })
  async bulk(@CurrentUser() admin: User, @Body(bulkBody) dto: Readonly<BulkInvitationDto>, @Ip() ip: string): Promise<BulkInvitationResponseDto> {
    const { invitations, skipped } = await this.invitations.bulk(admin, dto.emails, ip);
    const emails = await this.invitations.emailsOf(invitations);
    return { invitations: invitations.map((invitation) => InvitationResponseDto.from(invitation, emails.get(invitation.id))), skipped };
  }

  @ApiOperation({ summary: 'Send an invitation\'s e-mail again (admins only)' })
  @Post(':id/resend')
  @HttpCode(200)
  @Throttled({ policy: INVITATION_THROTTLES.send, key: bySignedInUser })
  async resend(@Param('id', IdParam()) id: number): Promise<InvitationResponseDto> {
    return this.respond(await this.invitations.resend(id));
  }

  @ApiOperation({ summary: 'Withdraw an invitation (admins only)' })
  @Delete(':id')
  @HttpCode(204)
  revoke(@CurrentUser() admin: User, @Param('id', IdParam()) id: number, @Ip() ip: string): Promise<void> {
    return this.invitations.revoke(id, admin, ip);
  }

  private async respond(invitation: Invitation): Promise<InvitationResponseDto> {
    const emails = await this.invitations.emailsOf([invitation]);
    return InvitationResponseDto.from(invitation, emails.get(invitation.id));
  }
}

/** The registration page reads whom its link was issued for, before anyone has an account. */
@ApiTags('invitations')
@Public()
@Controller('invitation_tokens')
export class InvitationTokensController {
  constructor(private readonly invitations: InvitationsService) {}

  /** 404 for an unknown link; 410 for one used, withdrawn or expired, with the texts registration uses. */
  @ApiOperation({
    summary: 'Look up the address an invitation link was issued for (public, no sign-in)',
    description: '404 for an unknown link; 410 for one used, withdrawn or expired.',
  })
  @Get(':token')
  @Throttled({ policy: INVITATION_THROTTLES.lookup, key: byAddress, failuresOnly: true })
  async show(@Param('token') token: string): Promise<InvitedEmailDto> {
    return { email: await this.invitations.emailForToken(token) };
  }
}
