import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Team } from '../teams/entities/team.entity';
import { AccountEvents } from './account-events';
import { User } from './entities/user.entity';
import { NotificationPreference } from './preferences/notification-preference.entity';
import { NotificationPreferencesController } from './preferences/notification-preferences.controller';
import { NotificationPreferencesService } from './preferences/notification-preferences.service';
import { UnsubscribeController } from './preferences/unsubscribe.controller';
import { MeController, UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([User, Team, NotificationPreference])],
  controllers: [UsersController, MeController, NotificationPreferencesController, UnsubscribeController],
  providers: [UsersService, AccountEvents, NotificationPreferencesService],
  exports: [UsersService, AccountEvents, NotificationPreferencesService, TypeOrmModule],
})
export class UsersModule {}
