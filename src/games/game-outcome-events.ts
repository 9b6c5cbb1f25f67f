import type { EntityManager, QueryRunner } from 'typeorm';

/**
 * "A game's outcome changed": the domain event the games service raises inside the transaction that writes the
 * change (an admin's edit, an import, the score sync alike), naming the weeks whose results it may complete.
 *
 * It rides on the transaction's query runner (`queryRunner.data`) and is delivered once, after the outermost
 * transaction commits, by whoever listens (results: src/results/game-outcome.listener.ts); a rollback drops it.
 * Games raises it and knows nothing of its listeners, so no writer has to remember to tell results anything.
 */
export const GAME_OUTCOMES_CHANGED = 'gameOutcomesChanged';

/** Raises the event in the transaction of `manager`, which must be active (the games service writes in one). */
export function raiseOutcomesChanged(manager: EntityManager, weekIds: number[]): void {
  if (weekIds.length === 0) return;
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) throw new Error("A game's outcome changed outside a transaction: its event would be lost");
  const raised = (runner.data?.[GAME_OUTCOMES_CHANGED] as number[] | undefined) ?? [];
  runner.data = { ...runner.data, [GAME_OUTCOMES_CHANGED]: [...new Set([...raised, ...weekIds])] };
}

/** The weeks raised in the transaction of `runner`, taken off it (so they are delivered once). */
export function takeOutcomesChanged(runner: QueryRunner): number[] {
  const raised = (runner.data?.[GAME_OUTCOMES_CHANGED] as number[] | undefined) ?? [];
  if (runner.data) delete runner.data[GAME_OUTCOMES_CHANGED];
  return raised;
}
