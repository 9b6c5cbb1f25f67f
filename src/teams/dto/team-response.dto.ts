import { ApiProperty } from '@nestjs/swagger';
import type { Team, TeamClassification } from '../entities/team.entity';
import { NamedRefDto } from '../../common/dto/refs.dto';

/** A team as the API shows it (docs/product.md#data), with its conference {id, name}. */
export class TeamResponseDto {
  id!: number;
  name!: string;
  mascot!: string | null;
  city!: string;
  state!: string;
  conference_id!: number;
  conference!: NamedRefDto | null;
  wins!: number;
  losses!: number;
  nickname!: string | null;
  webpage_url!: string;
  /** Other names providers use for the team, matched on import ([] for none). */
  @ApiProperty({ description: 'Other names data providers use for the team, matched on import; [] for none.' })
  alternate_names!: string[];
  /** fbs, fcs, ii or iii; null when not known. */
  @ApiProperty({ description: 'fbs, fcs, ii or iii; null when not known.' })
  classification!: TeamClassification | null;

  static from(team: Team): TeamResponseDto {
    return {
      id: team.id,
      name: team.name,
      mascot: team.mascot,
      city: team.city,
      state: team.state,
      conference_id: team.conference_id,
      conference: team.conference ? { id: team.conference.id, name: team.conference.name } : null,
      wins: team.wins,
      losses: team.losses,
      nickname: team.nickname,
      webpage_url: team.webpage_url,
      alternate_names: team.alternate_names ?? [],
      classification: team.classification as TeamClassification | null,
    };
  }
}
