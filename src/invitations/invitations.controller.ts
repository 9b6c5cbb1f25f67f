import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Roles } from '../common/decorators/roles.decorator';
import { IdParam } from '../common/pipes/id-param.pipe';
import { User } from '../users/entities/user.entity';
import { CreateInvitationDto } from './dto/create-invitation.dto';
import { InvitationResponseDto } from './dto/invitation-response.dto';
import { InvitationsService } from './invitations.service';

@ApiTags('invitations')
@ApiBearerAuth()
@Roles('admin')
@Controller('invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Get()
  async findAll(): Promise<InvitationResponseDto[]> {
    const now = new Date();
    return (await this.invitations.findAll()).map((invitation) => InvitationResponseDto.from(invitation, now));
  }

  @Get(':id')
  async findOne(@Param('id', IdParam()) id: number): Promise<InvitationResponseDto> {
    return InvitationResponseDto.from(await this.invitations.findById(id));
  }

  @Post()
  async create(@CurrentUser() admin: User, @Body() dto: CreateInvitationDto): Promise<InvitationResponseDto> {
    return InvitationResponseDto.from(await this.invitations.create(admin, dto.email));
  }

  @Post(':id/resend')
  @HttpCode(200)
  async resend(@Param('id', IdParam()) id: number): Promise<InvitationResponseDto> {
    return InvitationResponseDto.from(await this.invitations.resend(id));
  }

  @Delete(':id')
  @HttpCode(204)
  revoke(@Param('id', IdParam()) id: number): Promise<void> {
    return this.invitations.revoke(id);
  }
}
