import type { Game, Side } from '../games/entities/game.entity';
import { pickDeadline } from '../games/pick-window';
import type { Team } from '../teams/entities/team.entity';

/** A game as the e-mails and the preview show it. */
export interface GameLine {
  game_id: number;
  away_team: string;
  home_team: string;
  away_team_ranking: number | null;
  home_team_ranking: number | null;
  /** "#5 Georgia" or "Georgia". */
  away_label: string;
  home_label: string;
  /** "#5 Georgia at #12 Alabama". */
  matchup: string;
  game_date: Date;
  pick_deadline: Date;
  betting_line: number | null;
  betting_line_team: Side | null;
  /** The favoured side's team name, when there is a line above 0. */
  favored_team: string | null;
  /** "Alabama by 7.5", "Pick'em" or "No line". */
  line: string;
  is_tiebreaker: boolean;
}

/** "#5 Georgia" for a ranked team (AP poll), the bare name otherwise. */
export const rankedName = (name: string, ranking: number | null): string => (ranking ? `#${ranking} ${name}` : name);

/** The line with its favoured side, as a member reads it. */
export function lineText(game: Pick<Game, 'betting_line' | 'betting_line_team'>, homeTeam: string, awayTeam: string): { line: string; favored: string | null } {
  if (game.betting_line === null) return { line: 'No line', favored: null };
  if (game.betting_line === 0 || game.betting_line_team === null) return { line: "Pick'em", favored: null };
  const favored = game.betting_line_team === 'home' ? homeTeam : awayTeam;
  return { line: `${favored} by ${game.betting_line}`, favored };
}

/** One line per game, in kickoff order (then id, so equal kickoffs keep a stable order). */
export function gameLines(games: readonly Game[]): GameLine[] {
  return [...games]
    .sort((a, b) => a.game_date.getTime() - b.game_date.getTime() || a.id - b.id)
    .map((game) => {
      const home = (game.home_team as Team).name;
      const away = (game.away_team as Team).name;
      const away_label = rankedName(away, game.away_team_ranking);
      const home_label = rankedName(home, game.home_team_ranking);
      const { line, favored } = lineText(game, home, away);
      return {
        game_id: game.id,
        away_team: away,
        home_team: home,
        away_team_ranking: game.away_team_ranking,
        home_team_ranking: game.home_team_ranking,
        away_label,
        home_label,
        matchup: `${away_label} at ${home_label}`,
        game_date: game.game_date,
        pick_deadline: pickDeadline(game),
        betting_line: game.betting_line,
        betting_line_team: game.betting_line_team,
        favored_team: favored,
        line,
        is_tiebreaker: game.is_tiebreaker,
      };
    });
}
