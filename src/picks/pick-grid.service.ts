import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { Game } from '../games/entities/game.entity';
import { SeasonRulesReader } from '../games/season-rules.reader';
import { User } from '../users/entities/user.entity';
import { Week } from '../seasons/weeks/entities/week.entity';
import { PickGridResponseDto } from './dto/pick-grid-response.dto';
import { Pick } from './entities/pick.entity';
import { buildPickGrid } from './pick-grid';
import { PlayersReader } from './players.reader';

/** The week's members × games (pool transparency); who sees which pick is decided by buildPickGrid. */
@Injectable()
export class PickGridService {
  constructor(
    @InjectRepository(Week) private readonly weeks: Repository<Week>,
    @InjectRepository(Game) private readonly games: Repository<Game>,
    @InjectRepository(Pick) private readonly picks: Repository<Pick>,
    private readonly clock: Clock,
    private readonly seasonRules: SeasonRulesReader,
    private readonly players: PlayersReader,
  ) {}

  /** A few queries, whatever the number of members and games. The rows are the week's players (PlayersReader). */
  async grid(viewer: User, weekId: number): Promise<PickGridResponseDto> {
    const week = await this.weeks.findOneBy({ id: weekId });
    if (!week) throw new NotFoundException('Week not found');
    const games = await this.games.find({
      where: { week_id: weekId },
      relations: { home_team: true, away_team: true },
      order: { game_date: 'ASC', id: 'ASC' },
    });
    const rules = await this.seasonRules.cached(week.football_season_id);
    const members = await this.players.of(rules);
    const picks = games.length
      ? await this.picks.find({ where: { game_id: In(games.map((game) => game.id)) }, relations: { selected_team: true } })
      : [];
    return buildPickGrid({ week, games, members, picks, viewer, now: this.clock.now(), rules });
  }
}
