import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Team } from '../teams/entities/team.entity';
import { ResultsModule } from '../results/results.module';
import { WeeksModule } from '../seasons/weeks/weeks.module';
import { GameAudit } from './entities/game-audit.entity';
import { Game } from './entities/game.entity';
import { GamesCsvController } from './games-csv.controller';
import { GamesCsvService } from './games-csv.service';
import { GamesController } from './games.controller';
import { GamesService } from './games.service';

@Module({
  imports: [TypeOrmModule.forFeature([Game, GameAudit, Team]), WeeksModule, ResultsModule],
  controllers: [GamesController, GamesCsvController],
  providers: [GamesService, GamesCsvService],
  exports: [GamesService],
})
export class GamesModule {}
