import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Game } from '../games/entities/game.entity';
import { GamesModule } from '../games/games.module';
import { Team } from '../teams/entities/team.entity';
import { User } from '../users/entities/user.entity';
import { UsersModule } from '../users/users.module';
import { Week } from '../seasons/weeks/entities/week.entity';
import { WeeksModule } from '../seasons/weeks/weeks.module';
import { PickAudit } from './entities/pick-audit.entity';
import { Pick } from './entities/pick.entity';
import { MemberPicksService } from './member-picks.service';
import { PickChangeNotifier } from './pick-change-notifier';
import { PickGridController } from './pick-grid.controller';
import { PickGridService } from './pick-grid.service';
import { PickOverridesService } from './pick-overrides.service';
import { PickStore } from './pick.store';
import { PicksController } from './picks.controller';
import { PicksFollowGamesModule } from './picks-follow-games';
import { PlayersReader } from './players.reader';

@Module({
  imports: [TypeOrmModule.forFeature([Pick, PickAudit, Game, Team, Week, User]), WeeksModule, GamesModule, UsersModule, PicksFollowGamesModule],
  controllers: [PicksController, PickGridController],
  providers: [MemberPicksService, PickOverridesService, PickStore, PickGridService, PickChangeNotifier, PlayersReader],
  exports: [PlayersReader],
})
export class PicksModule {}
