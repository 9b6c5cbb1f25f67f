/** How far the engine goes before it answers by the bound or stops reducing paths. */

/** The most undecided games an exact enumeration scores (3^12 outcomes at most). */
export const ENUMERATION_LIMIT = 12;
/** The most member-outcomes (outcomes × members) an enumeration scores: 2^12 outcomes for 500 members. */
export const ENUMERATION_BUDGET = 4096 * 500;
/** An undecided tiebreaker game's final score ranges over 0..this, each side (the rules' bound on a prediction). */
export const TIEBREAKER_MAX_SCORE = 199;
/** The most paths named per contender. */
export const MAX_PATHS = 5;
/** Paths reduced per member; beyond, each remaining decision-tree path is counted as it is. */
export const PATH_CANDIDATES = 400;
/** Leaves the path reduction may visit in one answer before it keeps the remaining paths unreduced. */
export const REDUCTION_BUDGET = 20_000_000;
