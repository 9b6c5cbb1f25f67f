import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Team } from '../teams/entities/team.entity';
import { AccountEvents } from './account-events';
import { User } from './entities/user.entity';
import { MeController, UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([User, Team])],
  controllers: [UsersController, MeController],
  providers: [UsersService, AccountEvents],
  exports: [UsersService, AccountEvents, TypeOrmModule],
})
export class UsersModule {}
