import { applyDecorators } from '@nestjs/common';
import { ApiProperty, PartialType, PickType } from '@nestjs/swagger';
import { IsDefined, IsString, MaxLength } from 'class-validator';
import { IsOptionalNotNull, IsOptionalNullable } from '../../common/decorators/validation.decorators';
import { PICK_REASON_MAX_LENGTH } from '../../picks/pick-rules';
import { IsWholeId } from './survivor-contest.dto';

/** An admin's reason, optional (applyDecorators checks in list order). */
const Reason = () =>
  applyDecorators(
    IsOptionalNullable(),
    IsString({ message: 'reason must be text' }),
    MaxLength(PICK_REASON_MAX_LENGTH, { message: `reason must be at most ${PICK_REASON_MAX_LENGTH} characters` }),
  );

/** Filters of GET /api/survivor_picks. */
export class SurvivorPickFilterDto {
  @IsOptionalNotNull() @IsWholeId('survivor_contest_id')
  survivor_contest_id?: number;

  @IsOptionalNotNull() @IsWholeId('week_id')
  week_id?: number;

  @IsOptionalNotNull() @IsWholeId('user_id')
  user_id?: number;
}

/** POST /api/survivor_picks: an admin's pick for an entrant (audited; at any time). */
export class CreateSurvivorPickDto {
  @IsDefined({ message: 'survivor_contest_id is required' }) @IsWholeId('survivor_contest_id')
  survivor_contest_id!: number;

  @IsDefined({ message: 'user_id is required' }) @IsWholeId('user_id')
  user_id!: number;

  @IsDefined({ message: 'week_id is required' }) @IsWholeId('week_id')
  week_id!: number;

  @IsDefined({ message: 'team_id is required' }) @IsWholeId('team_id')
  team_id!: number;

  @ApiProperty({ description: 'Why the admin made the change; kept in the audit.', required: false, nullable: true, type: String })
  @Reason()
  reason?: string | null;
}

/** PUT/PATCH /api/survivor_picks/{id}: another team of the pick's week, with the admin's reason. */
export class UpdateSurvivorPickDto extends PartialType(PickType(CreateSurvivorPickDto, ['team_id', 'reason'] as const)) {}

/** DELETE /api/survivor_picks/{id} may carry the admin's reason. */
export class DeleteSurvivorPickDto extends PickType(CreateSurvivorPickDto, ['reason'] as const) {}

/** PUT /api/weeks/{id}/survivor_pick: the member's team of the week. */
export class SaveSurvivorPickDto {
  @IsDefined({ message: 'team_id is required' }) @IsWholeId('team_id')
  team_id!: number;
}

/** An entrant's pick as admins list it: the team is hidden while its game's pick window is open. */
export class SurvivorPickDto {
  id!: number;
  survivor_contest_id!: number;
  user_id!: number;
  user_name!: string;
  week_id!: number;
  week_number!: number;
  @ApiProperty({ description: 'Null while hidden.', type: Number, nullable: true })
  game_id!: number | null;
  @ApiProperty({ description: 'Null while hidden.', type: Number, nullable: true })
  team_id!: number | null;
  @ApiProperty({ description: 'Null while hidden: an entrant\'s pick is shown to others only once its game\'s pick window is closed.', type: String, nullable: true })
  team_name!: string | null;
  hidden!: boolean;
  @ApiProperty({ description: 'Given by the results for a missed week (missed: favourite), not picked by the entrant.' })
  assigned!: boolean;
  updated_at!: string;
}

/** Filters of GET /api/survivor_pick_audits. */
export class SurvivorPickAuditFilterDto {
  @IsOptionalNotNull() @IsWholeId('survivor_contest_id')
  survivor_contest_id?: number;

  @IsOptionalNotNull() @IsWholeId('user_id')
  user_id?: number;

  @IsOptionalNotNull() @IsWholeId('survivor_pick_id')
  survivor_pick_id?: number;
}

/** A pick's value as the audit keeps it. */
export class SurvivorPickValueDto {
  @ApiProperty({ type: Number, nullable: true })
  game_id!: number | null;
  @ApiProperty({ type: Number, nullable: true })
  team_id!: number | null;
  @ApiProperty({ type: String, nullable: true })
  team_name!: string | null;
  assigned!: boolean;
  @ApiProperty({ description: 'True while the game\'s pick window is open: the team is not shown yet.' })
  hidden!: boolean;
}

/** One admin change of an entrant's survivor pick. */
export class SurvivorPickAuditDto {
  id!: number;
  survivor_contest_id!: number;
  @ApiProperty({ type: Number, nullable: true })
  survivor_pick_id!: number | null;
  user_id!: number;
  user_name!: string;
  week_id!: number;
  @ApiProperty({ type: Number, nullable: true })
  admin_id!: number | null;
  @ApiProperty({ type: String, nullable: true })
  admin_name!: string | null;
  @ApiProperty({ enum: ['create', 'update', 'delete'] })
  action!: string;
  @ApiProperty({ type: SurvivorPickValueDto, nullable: true })
  previous_value!: SurvivorPickValueDto | null;
  @ApiProperty({ type: SurvivorPickValueDto, nullable: true })
  new_value!: SurvivorPickValueDto | null;
  @ApiProperty({ type: String, nullable: true })
  reason!: string | null;
  created_at!: string;
}
