import { countOf } from '../common/count-of';
import type { SeasonRules } from '../seasons/season-rules';
import type { WeekValidationDto } from './dto/week-validation.dto';

/** docs/product.md#constants: the weekly e-mail's games include exactly 1 tiebreaker. */
export const WEEKLY_TIEBREAKERS_REQUIRED = 1;

/**
 * Whether a week's games make a sendable weekly e-mail (docs/product.md#data "Notification validation"), and why not.
 * The season's `games_per_week` sets the count (docs/pool-formats.md): exactly that many games (the spec's 10), or,
 * null, every game of the week, at least one.
 */
export function validateWeek(weekNumber: number, games: readonly { is_tiebreaker: boolean }[], gamesPerWeek: SeasonRules['games_per_week']): WeekValidationDto {
  const gamesCount = games.length;
  const tiebreakerCount = games.filter((game) => game.is_tiebreaker).length;
  const enoughGames = gamesPerWeek === null ? gamesCount >= 1 : gamesCount === gamesPerWeek;
  const isValid = enoughGames && tiebreakerCount === WEEKLY_TIEBREAKERS_REQUIRED;
  const required = gamesPerWeek === null ? `at least ${countOf(1, 'game')}` : `exactly ${countOf(gamesPerWeek, 'game')}`;
  const message = isValid
    ? `Week ${weekNumber} is ready: ${countOf(gamesCount, 'game')} with ${countOf(tiebreakerCount, 'tiebreaker')}`
    : `Week must have ${required} with ${WEEKLY_TIEBREAKERS_REQUIRED} tiebreaker ` +
      `(found ${countOf(gamesCount, 'game')}, ${countOf(tiebreakerCount, 'tiebreaker')})`;
  return { isValid, gamesCount, tiebreakerCount, message };
}
