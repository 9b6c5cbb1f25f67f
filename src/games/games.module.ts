import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Team } from '../teams/entities/team.entity';
import { WeeksModule } from '../seasons/weeks/weeks.module';
import { GameAudit } from './entities/game-audit.entity';
import { Game } from './entities/game.entity';
import { Week } from '../seasons/weeks/entities/week.entity';
import { GamesCsvController } from './games-csv.controller';
import { GamesCsvService } from './games-csv.service';
import { GamesController } from './games.controller';
import { GameFinalPushes } from './game-final-pushes';
import { GamesService } from './games.service';
import { SeasonRulesReader } from './season-rules.reader';
import { WeekGamesReader } from './week-games.reader';

@Module({
  imports: [TypeOrmModule.forFeature([Game, GameAudit, Team, Week]), WeeksModule],
  controllers: [GamesController, GamesCsvController],
  providers: [GamesService, GamesCsvService, WeekGamesReader, SeasonRulesReader, GameFinalPushes],
  exports: [GamesService, WeekGamesReader, SeasonRulesReader],
})
export class GamesModule {}
