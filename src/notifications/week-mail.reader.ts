import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { Game } from '../games/entities/game.entity';
import { WeekGamesReader, WeekWithGames } from '../games/week-games.reader';
import { Pick } from '../picks/entities/pick.entity';
import { Player, PlayersReader } from '../picks/players.reader';
import type { FootballSeason } from '../seasons/entities/football-season.entity';
import { rulesOf, SeasonRules } from '../seasons/season-rules';
import type { Week } from '../seasons/weeks/entities/week.entity';

export type { WeekWithGames };

/** The rules of a week's season, for a week loaded with its season (as `WeekMailReader.load` loads it). */
export const rulesOfWeek = (week: Week): SeasonRules => rulesOf(week.football_season as FootballSeason);

/** The reads every weekly e-mail starts from: the week, its games, its players and their picks. */
@Injectable()
export class WeekMailReader {
  constructor(
    private readonly reader: WeekGamesReader,
    private readonly players: PlayersReader,
    @InjectRepository(Pick) private readonly picks: Repository<Pick>,
  ) {}

  load(weekId: number): Promise<WeekWithGames> {
    return this.reader.load(weekId);
  }

  /** The week's players (PlayersReader): the commissioner among them where the season lets them play. */
  members(week: Week): Promise<Player[]> {
    return this.players.of(rulesOfWeek(week));
  }

  /** The picks of the given games, with the chosen team. */
  picksOf(games: readonly Game[]): Promise<Pick[]> {
    if (games.length === 0) return Promise.resolve([]);
    return this.picks.find({ where: { game_id: In(games.map((game) => game.id)) }, relations: { selected_team: true } });
  }
}
