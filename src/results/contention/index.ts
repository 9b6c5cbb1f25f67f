/**
 * Who can still win the week and the season (docs/saturday.md#who-can-still-win): a pure function of public facts.
 * The live board, the results page, the weekly e-mail and the picks sheet read its answer; the property test
 * (week.property.spec.ts, season.property.spec.ts) holds it to a brute-force enumeration.
 */
export { ENUMERATION_BUDGET, ENUMERATION_LIMIT, TIEBREAKER_MAX_SCORE } from './limits';
export { seasonContention } from './season';
export type {
  ContentionGame,
  ContentionMember,
  ContentionPick,
  Landing,
  SeasonContentionInput,
  StoredWeekRecord,
  WeekContentionInput,
} from './types';
export { weekContention } from './week';
