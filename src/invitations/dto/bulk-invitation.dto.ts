import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString } from 'class-validator';
import { InvitationResponseDto } from './invitation-response.dto';

/** The most addresses one bulk invitation takes: a large pool's list in one paste. */
export const BULK_INVITATION_MAX = 2000;
const LIST = `emails must be a list of 1 to ${BULK_INVITATION_MAX} e-mail addresses`;

/** POST /api/invitations/bulk: addresses as pasted; each is checked on its own (a bad one is skipped, not refused). */
export class BulkInvitationDto {
  // class-validator runs these from the bottom up and reports the first that fails.
  @IsString({ each: true, message: 'emails must hold text only' })
  @ArrayMaxSize(BULK_INVITATION_MAX, { message: LIST })
  @ArrayMinSize(1, { message: LIST })
  @IsArray({ message: LIST })
  emails!: string[];
}

export const SKIP_REASONS = {
  invalid: 'not a valid e-mail address',
  duplicate: 'listed twice',
  account: 'already has an account',
  pending: 'already has a pending invitation',
} as const;
export type SkipReason = (typeof SKIP_REASONS)[keyof typeof SKIP_REASONS];

/** An address of the list that was not invited, as it was given, and why. */
export class SkippedInvitationDto {
  email!: string;
  reason!: SkipReason;
}

export class BulkInvitationResponseDto {
  /** The invitations made, in the order of the list, each with its e-mail queued. */
  @ApiProperty({ description: 'The invitations made, in the order of the list, each with its e-mail queued.' })
  invitations!: InvitationResponseDto[];
  skipped!: SkippedInvitationDto[];
}
