import { Alert, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { SeasonRules, SeasonStanding } from '../../api/types';
import { STANDINGS_TEXTS } from '../StandingsTable';
import { ColumnLegend, COLUMN_MEANINGS } from './ColumnLegend';
import { gamesBehind, pointsText, resultColumnsOf } from './leaderboard';
import { ResultsTable, TableScroll } from './ResultsTable';
import { WinPercentage } from './WinPercentage';
import { moneyText, POT_TEXTS } from '../pot/money';

export { gamesBehind };

interface Column {
  term: string;
  meaning: string;
  cell: (standing: SeasonStanding) => ReactNode;
  /** Left out on a phone, where the table is tight. */
  wideOnly?: boolean;
  nowrap?: boolean;
}

/** A figure cell's class names in the results table (`ResultsTable.tsx`). */
const cellClass = (column: Column) => ['num', column.wideOnly && 'wide', column.nowrap && 'nowrap'].filter(Boolean).join(' ');

/** The money each member has won, in a season with an entry fee (docs/pool-formats.md#entry-fees-and-payouts). */
export const winningsColumn = (winnings: Map<number, number>): Column => ({
  term: POT_TEXTS.winningsColumn,
  meaning: POT_TEXTS.winningsMeaning,
  cell: (standing) => {
    const cents = winnings.get(standing.user.id) ?? 0;
    return cents > 0 ? moneyText(cents) : '—';
  },
  nowrap: true,
});

/**
 * The season's columns, with those its rules add: Points first where points rank, Pushes against the spread, Dropped
 * weeks; and Won where the season has an entry fee.
 */
export function standingsColumns(standings: SeasonStanding[], rules: SeasonRules | undefined, winnings?: Map<number, number> | null): Column[] {
  const { points, pushes, dropped } = resultColumnsOf(rules);
  const behind = gamesBehind(standings, points);
  const behindText = (standing: SeasonStanding) => {
    const value = behind(standing);
    return value === 0 ? '—' : points ? pointsText(value) : value;
  };
  return [
    ...(points ? [{ term: 'Points', meaning: COLUMN_MEANINGS.seasonPoints, cell: (standing: SeasonStanding) => pointsText(standing.total_points) }] : []),
    { term: 'W–L', meaning: COLUMN_MEANINGS.record, cell: (standing) => `${standing.total_wins}–${standing.total_losses}`, nowrap: true },
    ...(pushes ? [{ term: 'Pushes', meaning: COLUMN_MEANINGS.pushes, cell: (standing: SeasonStanding) => standing.total_pushes }] : []),
    points
      ? { term: 'PB', meaning: COLUMN_MEANINGS.pointsBehind, cell: behindText }
      : { term: 'GB', meaning: COLUMN_MEANINGS.gamesBehind, cell: behindText },
    { term: 'Win %', meaning: COLUMN_MEANINGS.winPercentage, cell: (standing) => <WinPercentage value={Number(standing.win_percentage)} /> },
    { term: 'Weeks', meaning: COLUMN_MEANINGS.weeks, cell: (standing) => standing.weeks_participated, wideOnly: true },
    ...(dropped ? [{ term: 'Dropped', meaning: COLUMN_MEANINGS.dropped, cell: (standing: SeasonStanding) => standing.weeks_dropped }] : []),
    {
      term: 'TB',
      meaning: COLUMN_MEANINGS.seasonTiebreaker,
      cell: (standing) => (standing.avg_tiebreaker_score === null ? '—' : Number(standing.total_tiebreaker_score).toFixed(1)),
      nowrap: true,
    },
    ...(winnings ? [winningsColumn(winnings)] : []),
  ];
}

/** The whole season's standings on /results: every member, games behind the leader, and every column explained. */
export function SeasonStandings({
  standings,
  isError,
  isPending,
  highlightUserId,
  rules,
  winnings,
  legend = true,
}: {
  standings: SeasonStanding[] | undefined;
  isError: boolean;
  isPending: boolean;
  highlightUserId?: number;
  rules?: SeasonRules;
  /** Each member's winnings by user id; null or left out: the season has no fee, and no Won column. */
  winnings?: Map<number, number> | null;
  /** The column meanings under the table; a page that explains them once for all its tables leaves it out. */
  legend?: boolean;
}) {
  if (isError) return <Alert severity="error">{STANDINGS_TEXTS.failed}</Alert>;
  if (isPending) return <Typography color="text.secondary">Loading standings…</Typography>;
  if (!standings?.length) return <Typography color="text.secondary">{STANDINGS_TEXTS.empty}</Typography>;
  const columns = standingsColumns(standings, rules, winnings);
  return (
    <>
      {/* A phone may scroll the table sideways inside its own box (never the page): the box takes the keyboard too. */}
      <TableScroll tabIndex={0} role="region" aria-label="Season standings table">
        <ResultsTable aria-label="Season standings">
          <thead>
            <tr>
              <th scope="col">
                <abbr title={COLUMN_MEANINGS.rank}>Rank</abbr>
              </th>
              <th scope="col">Member</th>
              {columns.map((column) => (
                <th key={column.term} scope="col" className={column.wideOnly ? 'num wide' : 'num'}>
                  <abbr title={column.meaning}>{column.term}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {standings.map((standing) => (
              <tr key={standing.user.id} className={standing.user.id === highlightUserId ? 'mine' : undefined} data-testid="season-standing-row">
                <td>{standing.rank}</td>
                <th scope="row">{standing.user.name}</th>
                {columns.map((column) => (
                  <td key={column.term} className={cellClass(column)}>
                    {column.cell(standing)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </ResultsTable>
      </TableScroll>
      {legend && <ColumnLegend label="Season standings columns" items={[{ term: 'Rank', meaning: COLUMN_MEANINGS.rank }, ...columns]} />}
    </>
  );
}
