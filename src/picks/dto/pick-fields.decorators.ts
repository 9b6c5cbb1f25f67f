import { applyDecorators } from '@nestjs/common';
import { IsInt, Max, Min } from 'class-validator';
import { IsOptionalNullable } from '../../common/decorators/validation.decorators';
import { TIEBREAKER_SCORE_MAX, TIEBREAKER_SCORE_MIN } from '../pick-rules';

/** A predicted tiebreaker score: a whole number from 0 to 199, or null to clear it. */
export const IsTiebreakerScore = () => {
  const message = `$property must be a whole number from ${TIEBREAKER_SCORE_MIN} to ${TIEBREAKER_SCORE_MAX}`;
  // Rules run bottom-up and stop at the first failure.
  return applyDecorators(IsOptionalNullable(), Max(TIEBREAKER_SCORE_MAX, { message }), Min(TIEBREAKER_SCORE_MIN, { message }), IsInt({ message }));
};

/** The id of a related record, when given. */
export const IsOptionalId = () => applyDecorators(IsOptionalNullable(), Min(1, { message: '$property must be a whole number' }), IsInt({ message: '$property must be a whole number' }));

/** Confidence points: a whole number (its range, 1..the week's games, is the service's to check), or null. */
export const IsConfidence = () => applyDecorators(IsOptionalNullable(), IsInt({ message: 'confidence must be a whole number' }));
