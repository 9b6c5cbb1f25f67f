/**
 * The choices behind the weekly awards (docs/saturday.md#weekly-awards) that are easier to state in TypeScript than
 * in SQL: which correct pick was the most contrarian, and how its share is shown. The service reads the candidates
 * set-wise from the stored results; these functions only compare them.
 */

/** A correct side of a game: how many picked it, of how many who picked the game at all. */
export interface ContrarianCandidate {
  game_id: number;
  team_id: number;
  /** "Away @ Home". */
  matchup: string;
  team_name: string;
  /** Members whose correct pick this was. */
  pickers: number;
  /** Members who picked the game, either side. */
  picked: number;
}

/**
 * The most contrarian correct pick, or null when every correct pick was made by half the game's pickers or more.
 * `candidates` come in game order (game_date, then id), so the first of equal shares is the earlier game. Shares are
 * compared as exact fractions (1/3 against 2/6 is a tie), not as their rounded percentages.
 */
export function mostContrarian(candidates: readonly ContrarianCandidate[]): ContrarianCandidate | null {
  let best: ContrarianCandidate | null = null;
  for (const candidate of candidates) {
    if (candidate.picked === 0 || candidate.pickers * 2 >= candidate.picked) continue;
    if (best === null || candidate.pickers * best.picked < best.pickers * candidate.picked) best = candidate;
  }
  return best;
}

/** A share in percent with one decimal (1 of 3 → 33.3). */
export const sharePercent = (pickers: number, picked: number): number => Math.round((pickers * 1000) / picked) / 10;
