import { winTone } from './leaderboard';

/**
 * A win percentage as the leaderboards show it: one decimal, green, amber or red (docs/product.md#constants). A plain
 * span: its colours come from the results table it sits in (`ResultsTable.tsx`, by `data-tone`).
 */
export function WinPercentage({ value }: { value: number }) {
  return <span data-tone={winTone(value)}>{value.toFixed(1)}%</span>;
}
