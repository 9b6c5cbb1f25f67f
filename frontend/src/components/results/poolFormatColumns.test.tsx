import { screen, within } from '@testing-library/react';
import type { SeasonRules, SeasonStanding, WeeklyResult } from '../../api/types';
import { DEFAULT_SEASON_RULES, renderAt } from '../../test/helpers';
import { Leaderboard } from './Leaderboard';
import { SeasonStandings } from './SeasonStandings';

const rules = (fields: Partial<SeasonRules>): SeasonRules => ({ ...DEFAULT_SEASON_RULES, ...fields });

const RESULTS: WeeklyResult[] = [
  { id: 1, week_id: 2, user: { id: 1, name: 'Avery', email: null }, wins: 6, losses: 3, total_games: 10, win_percentage: 65, tiebreaker_score: 4, rank: 1, points: 41.5, pushes: 1 },
  { id: 2, week_id: 2, user: { id: 2, name: 'Blake', email: null }, wins: 7, losses: 3, total_games: 10, win_percentage: 70, tiebreaker_score: null, rank: 2, points: 30, pushes: 0 },
];

const standing = (id: number, name: string, rank: number, total_wins: number, total_points: number, weeks_dropped: number): SeasonStanding => ({
  id,
  rank,
  user: { id, name, email: null },
  total_wins,
  total_losses: 20 - total_wins,
  total_games: 20,
  win_percentage: total_wins * 5,
  weeks_participated: 2,
  weeks_played: 2,
  total_tiebreaker_score: 6,
  avg_tiebreaker_score: 3,
  total_points,
  total_pushes: 2,
  weeks_dropped,
});
const STANDINGS = [standing(1, 'Avery', 1, 12, 90.5, 1), standing(2, 'Blake', 2, 14, 80, 0)];

const headers = (table: string) => within(screen.getByRole('table', { name: table })).getAllByRole('columnheader').map((cell) => cell.textContent);
const row = (table: string, name: string) =>
  within(screen.getByRole('table', { name: table }))
    .getByRole('row', { name: new RegExp(name) })
    .querySelectorAll('td, th');
const cells = (table: string, name: string) => [...row(table, name)].map((cell) => cell.textContent);

describe('the results tables by pool format', () => {
  it("keep the spec's columns on the spec's rules", () => {
    renderAt(
      <>
        <Leaderboard results={RESULTS} rules={DEFAULT_SEASON_RULES} />
        <SeasonStandings standings={STANDINGS} isError={false} isPending={false} rules={DEFAULT_SEASON_RULES} />
      </>,
    );
    expect(headers('Weekly leaderboard')).toEqual(['Rank', 'Member', 'Wins', 'Losses', 'Win %', 'TB']);
    expect(headers('Season standings')).toEqual(['Rank', 'Member', 'W–L', 'GB', 'Win %', 'Weeks', 'TB']);
    expect(cells('Season standings', 'Avery')).toEqual(['1', 'Avery', '12–8', '2', '60.0%', '2', '6.0']);
  });

  it('put Points first where points rank (confidence), with points behind the leader', () => {
    renderAt(
      <>
        <Leaderboard results={RESULTS} rules={rules({ confidence_points: true })} />
        <SeasonStandings standings={STANDINGS} isError={false} isPending={false} rules={rules({ confidence_points: true })} />
      </>,
    );
    expect(headers('Weekly leaderboard')).toEqual(['Rank', 'Member', 'Points', 'Wins', 'Losses', 'Win %', 'TB']);
    expect(cells('Weekly leaderboard', 'Avery').slice(2, 4)).toEqual(['41.5', '6']);
    expect(headers('Season standings')).toEqual(['Rank', 'Member', 'Points', 'W–L', 'PB', 'Win %', 'Weeks', 'TB']);
    expect(cells('Season standings', 'Avery').slice(2, 5)).toEqual(['90.5', '12–8', '—']);
    expect(cells('Season standings', 'Blake').slice(2, 5)).toEqual(['80', '14–6', '10.5']);
  });

  it('add Pushes against the spread (Points too when a push is half a win) and Dropped weeks', () => {
    renderAt(
      <>
        <Leaderboard results={RESULTS} rules={rules({ pick_mode: 'spread' })} />
        <SeasonStandings standings={STANDINGS} isError={false} isPending={false} rules={rules({ pick_mode: 'spread', push_rule: 'half', drop_worst_weeks: 2 })} />
      </>,
    );
    expect(headers('Weekly leaderboard')).toEqual(['Rank', 'Member', 'Wins', 'Losses', 'Pushes', 'Win %', 'TB']);
    expect(cells('Weekly leaderboard', 'Avery')[4]).toBe('1');
    expect(headers('Season standings')).toEqual(['Rank', 'Member', 'Points', 'W–L', 'Pushes', 'PB', 'Win %', 'Weeks', 'Dropped', 'TB']);
    expect(cells('Season standings', 'Avery')[8]).toBe('1');
    const legend = screen.getByLabelText('Season standings columns');
    expect(within(legend).getByText('Dropped').nextElementSibling).toHaveTextContent('Worst weeks left out of the season totals.');
  });
});
