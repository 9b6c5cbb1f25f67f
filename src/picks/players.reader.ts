import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { playingRoles, SeasonRules } from '../seasons/season-rules';
import { User } from '../users/entities/user.entity';

/** A player as the pick grid, the live board and the e-mails name them. */
export type Player = Pick<User, 'id' | 'name' | 'email'>;

/** Who plays a week, under its season's rules (playingRoles): the one list every place that counts players reads. */
@Injectable()
export class PlayersReader {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  /** By name (then id), the order the grid shows equal records in. */
  of(rules: Pick<SeasonRules, 'commissioner_plays'>): Promise<Player[]> {
    return this.users.find({
      where: { role: In(playingRoles(rules)) },
      select: { id: true, name: true, email: true },
      order: { name: 'ASC', id: 'ASC' },
    });
  }
}
