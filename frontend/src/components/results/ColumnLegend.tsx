import { Fragment } from 'react';
import '../cards.css';
import './ColumnLegend.css';

/** What each column header of a results table means, shown under the table (the headers carry the same as tooltips). */
export function ColumnLegend({ items, label }: { items: { term: string; meaning: string }[]; label: string }) {
  return (
    <dl aria-label={label} className="tg-body2 column-legend">
      {items.map((item) => (
        <Fragment key={item.term}>
          <dt>{item.term}</dt>
          <dd>{item.meaning}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The meanings, one place for the weekly leaderboard and the season standings. */
export const COLUMN_MEANINGS = {
  rank: 'Place; equal records share it (1, 2, 2, 4).',
  wins: 'Games picked right.',
  losses: 'Games picked wrong or not picked.',
  record: 'Wins–losses over the season.',
  winPercentage: 'Wins out of games played: green 70% or more, amber 50% or more, red below.',
  tiebreaker:
    'Tiebreaker: how far the predicted score of the tiebreaker game was from the final score (home and away differences added). Lower is better; it decides between equal wins.',
  seasonTiebreaker: 'Tiebreaker: the weekly tiebreaker distances added up over the season. Lower is better; it decides between equal wins.',
  gamesBehind: 'Games behind: how many wins the member trails the leader by (— for the leader).',
  weeks: 'Weeks with at least one pick.',
  points: "Points: what the standings rank by under this season's rules.",
  seasonPoints: 'Points over the season, dropped weeks left out.',
  pushes: 'Picks on games that landed exactly on the line.',
  pointsBehind: 'Points behind: how many points the member trails the leader by (— for the leader).',
  dropped: 'Worst weeks left out of the season totals.',
} as const;
