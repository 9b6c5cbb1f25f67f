import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Team } from '../teams/entities/team.entity';
import { ResultsModule } from '../results/results.module';
import { WeeksModule } from '../seasons/weeks/weeks.module';
import { GameAudit } from './entities/game-audit.entity';
import { Game } from './entities/game.entity';
import { GamesController } from './games.controller';
import { GamesService } from './games.service';

@Module({
  imports: [TypeOrmModule.forFeature([Game, GameAudit, Team]), WeeksModule, ResultsModule],
  controllers: [GamesController],
  providers: [GamesService],
  exports: [GamesService],
})
export class GamesModule {}
