import type { ReactNode } from 'react';
import type { SeasonRules, WeeklyResult } from '../../api/types';
import { ColumnLegend, COLUMN_MEANINGS } from './ColumnLegend';
import { MEDALS, pointsText, ranked, resultColumnsOf } from './leaderboard';
import { ResultsTable, TableScroll } from './ResultsTable';
import { WinPercentage } from './WinPercentage';

interface Column {
  term: string;
  meaning: string;
  cell: (result: WeeklyResult) => ReactNode;
}

/** The figures of a week, with the columns the season's rules add (Points first where points rank, Pushes against the spread). */
export function leaderboardColumns(rules: SeasonRules | undefined): Column[] {
  const { points, pushes } = resultColumnsOf(rules);
  return [
    ...(points ? [{ term: 'Points', meaning: COLUMN_MEANINGS.points, cell: (result: WeeklyResult) => pointsText(result.points) }] : []),
    { term: 'Wins', meaning: COLUMN_MEANINGS.wins, cell: (result) => result.wins },
    { term: 'Losses', meaning: COLUMN_MEANINGS.losses, cell: (result) => result.losses },
    ...(pushes ? [{ term: 'Pushes', meaning: COLUMN_MEANINGS.pushes, cell: (result: WeeklyResult) => result.pushes }] : []),
    { term: 'Win %', meaning: COLUMN_MEANINGS.winPercentage, cell: (result) => <WinPercentage value={Number(result.win_percentage)} /> },
    { term: 'TB', meaning: COLUMN_MEANINGS.tiebreaker, cell: (result) => result.tiebreaker_score ?? '—' },
  ];
}

/** Material's "military tech" medal, drawn inline (an MUI SvgIcon is an emotion-styled element per row). */
function MedalIcon({ label, color }: { label: string; color: string }) {
  return (
    <svg className="medal" viewBox="0 0 24 24" role="img" focusable="false" style={{ color }}>
      <title>{label}</title>
      <path d="M17 10.43V2H7v8.43c0 .35.18.68.49.86l4.18 2.51-.99 2.34-3.41.29 2.59 2.24L9.07 22 12 20.23 14.93 22l-.78-3.33 2.59-2.24-3.41-.29-.99-2.34 4.18-2.51c.3-.18.48-.5.48-.86m-4 1.8-1 .6-1-.6V3h2z" />
    </svg>
  );
}

/**
 * The weekly leaderboard (docs/product.md#constants): ordered, medals for ranks 1–3, coloured win percentages, tiebreaker
 * scores, and the columns of the season's rules (docs/pool-formats.md#results).
 */
export function Leaderboard({
  results,
  highlightUserId,
  label = 'Weekly leaderboard',
  rules,
  legend = true,
}: {
  results: WeeklyResult[];
  highlightUserId?: number;
  label?: string;
  rules?: SeasonRules;
  /** The column meanings under the table; a page that explains them once for all its tables leaves it out. */
  legend?: boolean;
}) {
  const columns = leaderboardColumns(rules);
  return (
    <>
      <TableScroll>
        <ResultsTable aria-label={label}>
          <thead>
            <tr>
              <th scope="col">
                <abbr title={COLUMN_MEANINGS.rank}>Rank</abbr>
              </th>
              <th scope="col">Member</th>
              {columns.map((column) => (
                <th key={column.term} scope="col" className="num">
                  <abbr title={column.meaning}>{column.term}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ranked(results).map(({ result, rank }) => {
              const medal = MEDALS[rank];
              return (
                <tr key={result.user.id} className={result.user.id === highlightUserId ? 'mine' : undefined} data-testid="leaderboard-row">
                  <td>
                    <span className="rank">
                      {rank}
                      {medal && <MedalIcon label={medal.label} color={medal.color} />}
                    </span>
                  </td>
                  <th scope="row">{result.user.name}</th>
                  {columns.map((column) => (
                    <td key={column.term} className="num">
                      {column.cell(result)}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </ResultsTable>
      </TableScroll>
      {legend && <ColumnLegend label="Leaderboard columns" items={[{ term: 'Rank', meaning: COLUMN_MEANINGS.rank }, ...columns]} />}
    </>
  );
}
