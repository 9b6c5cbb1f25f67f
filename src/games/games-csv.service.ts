import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { writeCsv } from '../common/csv';
import { Week } from '../seasons/weeks/entities/week.entity';
import { Game } from './entities/game.entity';
import { GAMES_CSV_COLUMNS, gameCsvRow, weekGamesFileName } from './games-csv';

/** A week's games as a CSV file (docs/imports.md#csv); the file goes back in through POST /imports (provider csv). */
@Injectable()
export class GamesCsvService {
  constructor(
    @InjectRepository(Game) private readonly games: Repository<Game>,
    @InjectRepository(Week) private readonly weeks: Repository<Week>,
  ) {}

  async weekGames(weekId: number): Promise<{ fileName: string; csv: string }> {
    const week = await this.weeks.findOne({ where: { id: weekId }, relations: { football_season: true } });
    if (!week) throw new NotFoundException('Week not found');
    const games = await this.games.find({
      where: { week_id: weekId },
      relations: { home_team: true, away_team: true },
      order: { game_date: 'ASC', id: 'ASC' },
    });
    return { fileName: weekGamesFileName(week.football_season!.name, week.number), csv: writeCsv(GAMES_CSV_COLUMNS, games.map(gameCsvRow)) };
  }
}
