import { ApiProperty } from '@nestjs/swagger';
import { IsDefined } from 'class-validator';
import { IsWholeId } from './survivor-contest.dto';

/** Filters of GET /api/survivor_entries: the contest whose entrants are listed (required). */
export class SurvivorEntryFilterDto {
  @IsDefined({ message: 'survivor_contest_id is required' })
  @IsWholeId('survivor_contest_id')
  survivor_contest_id!: number;
}

/** POST /api/survivor_entries: an admin enters a member, until entry closes. */
export class CreateSurvivorEntryDto {
  @IsDefined({ message: 'survivor_contest_id is required' })
  @IsWholeId('survivor_contest_id')
  survivor_contest_id!: number;

  @IsDefined({ message: 'user_id is required' })
  @IsWholeId('user_id')
  user_id!: number;
}

/** An entrant of a survivor contest as admins see them. */
export class SurvivorEntryDto {
  id!: number;
  survivor_contest_id!: number;
  user_id!: number;
  name!: string;
  entered_at!: string;
  @ApiProperty({ description: 'The name of the admin who entered the member; null when the member opted in (or that account is gone).' })
  entered_by!: string | null;
  paid!: boolean;
  alive!: boolean;
  lives_left!: number;
  weeks_survived!: number;
}
