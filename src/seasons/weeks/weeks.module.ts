import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FootballSeason } from '../entities/football-season.entity';
import { Week } from './entities/week.entity';
import { WeekCalendarService } from './week-calendar.service';
import { WeeksController } from './weeks.controller';
import { WeeksService } from './weeks.service';

@Module({
  imports: [TypeOrmModule.forFeature([Week, FootballSeason])],
  controllers: [WeeksController],
  providers: [WeekCalendarService, WeeksService],
  exports: [WeekCalendarService, TypeOrmModule],
})
export class WeeksModule {}
