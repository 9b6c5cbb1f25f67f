import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../users/entities/user.entity';
import { Invitation } from './entities/invitation.entity';
import { InvitationsController, InvitationTokensController } from './invitations.controller';
import { InvitationsService } from './invitations.service';

@Module({
  imports: [TypeOrmModule.forFeature([Invitation, User])],
  controllers: [InvitationsController, InvitationTokensController],
  providers: [InvitationsService],
  exports: [InvitationsService],
})
export class InvitationsModule {}
