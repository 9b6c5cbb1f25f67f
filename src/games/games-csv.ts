import type { CsvValue } from '../common/csv';
import type { Game } from './entities/game.entity';

/** The columns of a week's games CSV (docs/imports.md#csv), in the order the export writes them. */
export const GAMES_CSV_COLUMNS = [
  'game_id',
  'game_date',
  'away_team',
  'home_team',
  'away_rank',
  'home_rank',
  'betting_line',
  'betting_line_team',
  'is_tiebreaker',
  'status',
  'away_score',
  'home_score',
  'name',
] as const;
export type GamesCsvColumn = (typeof GAMES_CSV_COLUMNS)[number];

/** is_tiebreaker as the file writes it. */
export const CSV_YES = 'yes';
export const CSV_NO = 'no';

/** An instant as ISO 8601 in UTC, to the second: 2025-08-30T19:30:00Z. */
export function isoUtc(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** One game as a row of the CSV; needs its two teams loaded. Teams go by name, the way an import finds them. */
export function gameCsvRow(game: Game): Record<GamesCsvColumn, CsvValue> {
  return {
    game_id: game.id,
    game_date: isoUtc(game.game_date),
    away_team: game.away_team!.name,
    home_team: game.home_team!.name,
    away_rank: game.away_team_ranking,
    home_rank: game.home_team_ranking,
    betting_line: game.betting_line,
    betting_line_team: game.betting_line_team,
    is_tiebreaker: game.is_tiebreaker ? CSV_YES : CSV_NO,
    status: game.status,
    away_score: game.away_score,
    home_score: game.home_score,
    name: game.name,
  };
}

/** The file name of a week's CSV: "2025-2026 week 1 games.csv". */
export function weekGamesFileName(seasonName: string, weekNumber: number): string {
  return `${seasonName} week ${weekNumber} games.csv`;
}
