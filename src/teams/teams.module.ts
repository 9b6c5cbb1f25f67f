import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Game } from '../games/entities/game.entity';
import { Pick } from '../picks/entities/pick.entity';
import { User } from '../users/entities/user.entity';
import { ConferencesController } from './conferences.controller';
import { ConferencesService } from './conferences.service';
import { Conference } from './entities/conference.entity';
import { Team } from './entities/team.entity';
import { TeamsController } from './teams.controller';
import { TeamsService } from './teams.service';

@Module({
  // Games, picks and users only to see what still refers to a team before deleting it.
  imports: [TypeOrmModule.forFeature([Conference, Team, Game, Pick, User])],
  controllers: [ConferencesController, TeamsController],
  providers: [ConferencesService, TeamsService],
})
export class TeamsModule {}
