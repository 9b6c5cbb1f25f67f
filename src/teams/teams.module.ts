import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConferencesController } from './conferences.controller';
import { ConferencesService } from './conferences.service';
import { Conference } from './entities/conference.entity';
import { Team } from './entities/team.entity';
import { TeamsCsvController } from './teams-csv.controller';
import { TeamsController } from './teams.controller';
import { TeamsService } from './teams.service';

@Module({
  imports: [TypeOrmModule.forFeature([Conference, Team])],
  controllers: [ConferencesController, TeamsController, TeamsCsvController],
  providers: [ConferencesService, TeamsService],
})
export class TeamsModule {}
