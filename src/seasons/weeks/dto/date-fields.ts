import { applyDecorators, UnprocessableEntityException } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsISO8601, IsString, Matches } from 'class-validator';

/** A calendar date written YYYY-MM-DD that exists (no February 30th). */
export const IsCalendarDate = () =>
  applyDecorators(
    // Registered first, so checked first: the basic shape before the calendar.
    IsString({ message: '$property must be a date like 2025-08-30' }),
    Matches(/^\d{4}-\d{2}-\d{2}$/, { message: '$property must be a date like 2025-08-30' }),
    IsISO8601({ strict: true }, { message: '$property must be a real calendar date' }),
  );

/**
 * Form fields often arrive as text ("3"); whole-number text becomes a number and blank text becomes null, so the
 * rules below see what was meant. Anything else is left for them to refuse.
 */
export const ToWholeNumber = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return null;
    return /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
  });

/** A season or a week ends on or after the day it starts (dates as YYYY-MM-DD compare as text). */
export function assertDateOrder(start: string, end: string): void {
  if (end < start) throw new UnprocessableEntityException('end_date must be on or after start_date');
}
