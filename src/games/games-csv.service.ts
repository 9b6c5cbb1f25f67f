import { Injectable } from '@nestjs/common';
import { writeCsv } from '../common/csv';
import { GAMES_CSV_COLUMNS, gameCsvRow, weekGamesFileName } from './games-csv';
import { WeekGamesReader } from './week-games.reader';

/** A week's games as a CSV file (docs/imports.md#csv); the file goes back in through POST /imports (provider csv). */
@Injectable()
export class GamesCsvService {
  constructor(private readonly reader: WeekGamesReader) {}

  async weekGames(weekId: number): Promise<{ fileName: string; csv: string }> {
    const { week, games } = await this.reader.load(weekId);
    return { fileName: weekGamesFileName(week.football_season!.name, week.number), csv: writeCsv(GAMES_CSV_COLUMNS, games.map(gameCsvRow)) };
  }
}
