import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SeasonStanding } from '../results/entities/season-standing.entity';
import { WeeksModule } from '../weeks/weeks.module';
import { FootballSeason } from './entities/football-season.entity';
import { SeasonsController } from './seasons.controller';
import { SeasonsService } from './seasons.service';

@Module({
  imports: [TypeOrmModule.forFeature([FootballSeason, SeasonStanding]), WeeksModule],
  controllers: [SeasonsController],
  providers: [SeasonsService],
})
export class SeasonsModule {}
