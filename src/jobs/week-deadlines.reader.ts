import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Between, FindOptionsWhere, In, MoreThan, Not, Repository } from 'typeorm';
import { Game } from '../games/entities/game.entity';
import { PICK_DEADLINE_BEFORE_KICKOFF_MS } from '../games/pick-window';
import { WeekDeadlines, weekDeadlines } from './schedule';

const PLAYED: FindOptionsWhere<Game> = { status: Not('cancelled' as const) };

/** Weeks' first and last pick deadlines, read for the weeks whose games fall in a window of time. */
@Injectable()
export class WeekDeadlinesReader {
  constructor(@InjectRepository(Game) private readonly games: Repository<Game>) {}

  /** The weeks with a (not cancelled) game whose pick deadline lies between `from` and `to`. */
  async withDeadlineBetween(from: Date, to: Date): Promise<WeekDeadlines[]> {
    return this.ofWeeksWith({ game_date: Between(this.kickoff(from), this.kickoff(to)) });
  }

  /** The weeks with a pick deadline still ahead of `now`. */
  async withDeadlineAfter(now: Date): Promise<WeekDeadlines[]> {
    return this.ofWeeksWith({ game_date: MoreThan(this.kickoff(now)) });
  }

  private kickoff(deadline: Date): Date {
    return new Date(deadline.getTime() + PICK_DEADLINE_BEFORE_KICKOFF_MS);
  }

  private async ofWeeksWith(where: FindOptionsWhere<Game>): Promise<WeekDeadlines[]> {
    const hits = await this.games.find({ where: { ...where, ...PLAYED }, select: { id: true, week_id: true } });
    const weekIds = [...new Set(hits.map((game) => game.week_id))];
    if (weekIds.length === 0) return [];
    const games = await this.games.find({ where: { week_id: In(weekIds), ...PLAYED }, select: { id: true, week_id: true, game_date: true } });
    return weekDeadlines(games, PICK_DEADLINE_BEFORE_KICKOFF_MS);
  }
}
