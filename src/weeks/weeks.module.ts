import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Game } from '../games/entities/game.entity';
import { WeeklyResult } from '../results/entities/weekly-result.entity';
import { FootballSeason } from '../seasons/entities/football-season.entity';
import { Week } from './entities/week.entity';
import { WeekCalendar } from './week-calendar.service';
import { WeeksController } from './weeks.controller';
import { WeeksService } from './weeks.service';

@Module({
  imports: [TypeOrmModule.forFeature([Week, FootballSeason, Game, WeeklyResult])],
  controllers: [WeeksController],
  providers: [WeekCalendar, WeeksService],
  exports: [WeekCalendar, TypeOrmModule],
})
export class WeeksModule {}
