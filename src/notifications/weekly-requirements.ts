import { countOf } from '../common/count-of';
import type { WeekValidationDto } from './dto/week-validation.dto';

/** docs/product.md#constants: the weekly e-mail goes out for a week of exactly 10 games with exactly 1 tiebreaker. */
export const WEEKLY_GAMES_REQUIRED = 10;
export const WEEKLY_TIEBREAKERS_REQUIRED = 1;

/** Whether a week's games make a sendable weekly e-mail (docs/product.md#data "Notification validation"), and why not. */
export function validateWeek(weekNumber: number, games: readonly { is_tiebreaker: boolean }[]): WeekValidationDto {
  const gamesCount = games.length;
  const tiebreakerCount = games.filter((game) => game.is_tiebreaker).length;
  const isValid = gamesCount === WEEKLY_GAMES_REQUIRED && tiebreakerCount === WEEKLY_TIEBREAKERS_REQUIRED;
  const message = isValid
    ? `Week ${weekNumber} is ready: ${countOf(gamesCount, 'game')} with ${countOf(tiebreakerCount, 'tiebreaker')}`
    : `Week must have exactly ${WEEKLY_GAMES_REQUIRED} games with ${WEEKLY_TIEBREAKERS_REQUIRED} tiebreaker ` +
      `(found ${countOf(gamesCount, 'game')}, ${countOf(tiebreakerCount, 'tiebreaker')})`;
  return { isValid, gamesCount, tiebreakerCount, message };
}
