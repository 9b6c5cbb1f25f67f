import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Week } from '../seasons/weeks/entities/week.entity';
import { Game } from './entities/game.entity';

export interface WeekWithGames {
  /** With its season. */
  week: Week;
  /** With their teams, in kickoff order. */
  games: Game[];
}

/** A week and its games, as the weekly e-mails, the picks sheet and a week's CSV read them; 404 for no such week. */
@Injectable()
export class WeekGamesReader {
  constructor(
    @InjectRepository(Week) private readonly weeks: Repository<Week>,
    @InjectRepository(Game) private readonly games: Repository<Game>,
  ) {}

  async load(weekId: number): Promise<WeekWithGames> {
    const week = await this.weeks.findOne({ where: { id: weekId }, relations: { football_season: true } });
    if (!week) throw new NotFoundException('Week not found');
    const games = await this.games.find({
      where: { week_id: weekId },
      relations: { home_team: true, away_team: true },
      order: { game_date: 'ASC', id: 'ASC' },
    });
    return { week, games };
  }
}
