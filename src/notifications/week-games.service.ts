import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { Game } from '../games/entities/game.entity';
import { Pick } from '../picks/entities/pick.entity';
import { User } from '../users/entities/user.entity';
import { Week } from '../seasons/weeks/entities/week.entity';

export interface WeekWithGames {
  week: Week;
  /** With their teams, in kickoff order. */
  games: Game[];
}

/** The reads every weekly e-mail starts from: the week, its games, the members and their picks. */
@Injectable()
export class WeekGames {
  constructor(
    @InjectRepository(Week) private readonly weeks: Repository<Week>,
    @InjectRepository(Game) private readonly games: Repository<Game>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Pick) private readonly picks: Repository<Pick>,
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

  /** The pool's members (role user): admins do not pick and get no weekly e-mails. */
  members(): Promise<User[]> {
    return this.users.find({ where: { role: 'user' }, order: { name: 'ASC', id: 'ASC' } });
  }

  /** The picks of the given games, with the chosen team. */
  picksOf(games: readonly Game[]): Promise<Pick[]> {
    if (games.length === 0) return Promise.resolve([]);
    return this.picks.find({ where: { game_id: In(games.map((game) => game.id)) }, relations: { selected_team: true } });
  }
}
