import { ApiProperty } from '@nestjs/swagger';
import { ToWholeNumber } from '../../seasons/weeks/dto/date-fields';
import { IsOptionalNotNull } from '../../common/decorators/validation.decorators';
import { SURVIVOR_OUTCOMES, SurvivorOutcome } from '../entities/survivor-result.entity';
import { PayoutDto } from '../../payouts/dto/entry-payments.dto';
import { IsWholeId, SurvivorContestFieldsDto } from './survivor-contest.dto';

/** GET /api/survivor's query. */
export class SurvivorQueryDto {
  @ApiProperty({ description: 'Left out: the current season.', required: false })
  @IsOptionalNotNull() @IsWholeId('season_id') @ToWholeNumber()
  season_id?: number;
}

/** GET /api/survivor/{contest_id}/board's query. */
export class SurvivorBoardQueryDto {
  @ApiProperty({ description: 'Left out: the week picks are for now.', required: false })
  @IsOptionalNotNull() @IsWholeId('week_id') @ToWholeNumber()
  week_id?: number;
}

/** A survivor contest as members see it. */
export class MemberSurvivorContestDto extends SurvivorContestFieldsDto {
  entry_open!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'When entry closes: the first week\'s first pick deadline; null while that week has no games.' })
  entry_closes_at!: string | null;
  finished!: boolean;
}

export class SurvivorMeDto {
  entered!: boolean;
  alive!: boolean;
  lives_left!: number;
  weeks_survived!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'The member\'s place in the standings; null when not entered.' })
  rank!: number | null;
}

export class SurvivorWeekDto {
  id!: number;
  week_number!: number;
}

/** The member's own pick of a week. */
export class SurvivorOwnPickDto {
  id!: number;
  survivor_contest_id!: number;
  week_id!: number;
  week_number!: number;
  game_id!: number;
  team_id!: number;
  team_name!: string;
  assigned!: boolean;
  updated_at!: string;
}

/** GET /api/survivor: the season's contest as the member sees it; only `contest` (null) when the season has none. */
export class SurvivorViewDto {
  @ApiProperty({ type: MemberSurvivorContestDto, nullable: true })
  contest!: MemberSurvivorContestDto | null;
  @ApiProperty({ type: SurvivorMeDto, required: false })
  me?: SurvivorMeDto;
  @ApiProperty({ type: SurvivorWeekDto, required: false, description: 'The week picks are for now: the earliest contest week with an open game, else the last one.' })
  week?: SurvivorWeekDto;
  @ApiProperty({ type: SurvivorOwnPickDto, required: false, nullable: true })
  pick?: SurvivorOwnPickDto | null;
}

/** A team the member may pick this week. */
export class SurvivorOptionDto {
  team_id!: number;
  team_name!: string;
  game_id!: number;
  opponent_name!: string;
  home!: boolean;
  game_date!: string;
  pick_deadline!: string;
  picks_allowed!: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'The team\'s line: negative for the favourite, or null without a line.' })
  line!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The week the member used this team in this reuse period, or null.' })
  used_week_number!: number | null;
}

/** GET /api/weeks/{id}/survivor_pick. */
export class SurvivorWeekPickDto {
  @ApiProperty({ type: SurvivorOwnPickDto, nullable: true })
  pick!: SurvivorOwnPickDto | null;
  @ApiProperty({ type: SurvivorOptionDto, isArray: true })
  options!: SurvivorOptionDto[];
}

export class SurvivorTeamUsedDto {
  week_number!: number;
  team_name!: string;
  @ApiProperty({ enum: SURVIVOR_OUTCOMES, nullable: true, description: 'Null until the week is calculated.' })
  outcome!: SurvivorOutcome | null;
}

export class SurvivorBoardEntrantDto {
  user_id!: number;
  name!: string;
  rank!: number;
  alive!: boolean;
  lives_left!: number;
  weeks_survived!: number;
  @ApiProperty({ type: SurvivorTeamUsedDto, isArray: true, description: 'The entrant\'s picks already revealed, by week.' })
  teams_used!: SurvivorTeamUsedDto[];
  @ApiProperty({ type: String, nullable: true, description: 'The week\'s team once its game\'s pick window closed, else null.' })
  pick!: string | null;
  has_picked!: boolean;
}

export class SurvivorTeamShareDto {
  team_id!: number;
  team_name!: string;
  count!: number;
  @ApiProperty({ description: 'The team\'s share of the week\'s revealed picks, 0..1.' })
  share!: number;
}

/** GET /api/survivor/{contest_id}/board. */
export class SurvivorWinningDto {
  name!: string;
  amount_cents!: number;
}

/** The contest's money (docs/pool-formats.md#survivor), tracking only: the fee, who paid, the pot and its places. */
export class SurvivorPotDto {
  entry_fee_cents!: number;
  entrant_count!: number;
  paid_count!: number;
  pot_cents!: number;
  @ApiProperty({ type: PayoutDto, isArray: true })
  payouts!: PayoutDto[];
  @ApiProperty({ type: SurvivorWinningDto, isArray: true, description: 'Once the contest is finished: what each paid winner gets, most first; empty before.' })
  winnings!: SurvivorWinningDto[];
}

export class SurvivorBoardDto {
  survivor_contest_id!: number;
  entrant_count!: number;
  alive_count!: number;
  finished!: boolean;
  winners!: string[];
  week!: SurvivorWeekDto;
  @ApiProperty({ type: SurvivorBoardEntrantDto, isArray: true })
  entrants!: SurvivorBoardEntrantDto[];
  @ApiProperty({ type: SurvivorTeamShareDto, isArray: true })
  team_shares!: SurvivorTeamShareDto[];
  @ApiProperty({ type: SurvivorPotDto, nullable: true, description: 'Null when the contest has no entry fee.' })
  pot!: SurvivorPotDto | null;
}
