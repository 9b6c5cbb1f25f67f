import { IsString, MaxLength } from 'class-validator';
import { IsOptionalNullable } from '../../common/decorators/validation.decorators';
import { PICK_REASON_MAX_LENGTH } from '../pick-rules';

/** DELETE /picks/{id} may carry a body with an admin's reason; a member's is ignored. */
export class DeletePickDto {
  @IsOptionalNullable()
  @MaxLength(PICK_REASON_MAX_LENGTH, { message: `reason must be at most ${PICK_REASON_MAX_LENGTH} characters` })
  @IsString({ message: 'reason must be text' })
  reason?: string | null;
}
