import { ApiProperty } from '@nestjs/swagger';
import type { Team } from '../../teams/entities/team.entity';
import { Cover, coverOf } from '../cover';
import type { Game, GameStatus, Side } from '../entities/game.entity';
import type { DeadlineStatus, PickWindow } from '../pick-window';

/** A team as a game shows it. */
export class GameTeamDto {
  id!: number;
  name!: string;
  nickname!: string | null;
}

/** A game with its teams and week loaded, and its pick window at the moment of the read. */
export interface GameView {
  game: Game;
  window: PickWindow;
}

const teamOf = (team: Team | null | undefined): GameTeamDto | null => (team ? { id: team.id, name: team.name, nickname: team.nickname } : null);

/** A game as the API shows it (docs/product.md#data), with the deadline fields computed at the server's "now". */
export class GameResponseDto {
  id!: number;
  name!: string | null;
  week_id!: number;
  week!: { id: number; number: number };
  football_season_id!: number;
  home_team_id!: number;
  away_team_id!: number;
  home_team!: GameTeamDto;
  away_team!: GameTeamDto;
  winner_team_id!: number | null;
  winner_team!: GameTeamDto | null;
  game_date!: Date;
  status!: GameStatus;
  home_score!: number | null;
  away_score!: number | null;
  betting_line!: number | null;
  betting_line_team!: Side | null;
  /** The side that covered the line (docs/pool-formats.md#games); null while the game is undecided. */
  @ApiProperty({ description: 'The side that covered the line; null while the game is undecided.' })
  cover!: Cover | null;
  is_tiebreaker!: boolean;
  /** The winner was awarded by an admin, whatever the score says. */
  @ApiProperty({ description: 'True when an admin awarded the winner, whatever the score says.' })
  forfeit!: boolean;
  /** Why the game was awarded; null unless forfeit. */
  @ApiProperty({ description: 'Why the game was awarded; null unless forfeit.' })
  forfeit_reason!: string | null;
  home_team_ranking!: number | null;
  away_team_ranking!: number | null;
  /** game_date − 1 hour (docs/product.md#constants). */
  @ApiProperty({ description: 'One hour before kickoff (game_date).' })
  pick_deadline!: Date;
  deadline_status!: DeadlineStatus;
  minutes_until_deadline!: number;
  picks_allowed!: boolean;
  /**
   * When an admin's edit left the game locked: its picks had been revealed (its deadline had passed, or it had a
   * final) and the edit would have opened it again (a kickoff moved later, the final taken back), so it stays closed
   * until an admin reopens it (reopen_picks); null otherwise.
   */
  @ApiProperty({
    description: 'Set when an admin\'s edit would have reopened a game whose picks were already revealed (a kickoff moved later, a final taken back): the game stays closed to picks until an admin reopens it with reopen_picks. Null otherwise.',
  })
  picks_locked_at!: Date | null;
  /** The data provider the game was imported from (cfbd, scoreboard, csv) and its id there; null for a game typed in. */
  @ApiProperty({
    description: 'The data provider the game was imported from (cfbd, scoreboard, csv) and its id there; null for a game entered by hand.',
  })
  provider!: string | null;
  external_id!: string | null;
  /** Where the betting line was taken ("cfbd: consensus", "csv", "admin") and when; null when unknown. */
  @ApiProperty({ description: 'Where the betting line was taken ("cfbd: consensus", "csv", "admin") and when; null when unknown.' })
  line_source!: string | null;
  line_taken_at!: Date | null;
  /**
   * The score sync's note for the admin when it would not guess (docs/imports.md#score-sync): the game is not final
   * long after kickoff, the provider reports it cancelled or postponed, or its final differs from the one entered.
   * Null when nothing needs a look; cleared once the game is final and agrees.
   */
  @ApiProperty({
    description: 'The score sync\'s note for an admin when it would not guess: the game is not final long after kickoff, the provider reports it cancelled or postponed, or its final differs from the one entered. Null when nothing needs a look.',
  })
  sync_flag!: string | null;
  sync_flagged_at!: Date | null;

  static from({ game, window }: GameView): GameResponseDto {
    return {
      id: game.id,
      name: game.name,
      week_id: game.week_id,
      week: { id: game.week!.id, number: game.week!.number },
      football_season_id: game.week!.football_season_id,
      home_team_id: game.home_team_id,
      away_team_id: game.away_team_id,
      home_team: teamOf(game.home_team)!,
      away_team: teamOf(game.away_team)!,
      winner_team_id: game.winner_team_id,
      winner_team: teamOf(game.winner_team),
      game_date: game.game_date,
      status: game.status,
      home_score: game.home_score,
      away_score: game.away_score,
      betting_line: game.betting_line,
      betting_line_team: game.betting_line_team,
      cover: coverOf(game),
      is_tiebreaker: game.is_tiebreaker,
      forfeit: game.forfeit,
      forfeit_reason: game.forfeit_reason,
      home_team_ranking: game.home_team_ranking,
      away_team_ranking: game.away_team_ranking,
      pick_deadline: window.pick_deadline,
      deadline_status: window.deadline_status,
      minutes_until_deadline: window.minutes_until_deadline,
      picks_allowed: window.picks_allowed,
      picks_locked_at: game.picks_locked_at,
      provider: game.provider,
      external_id: game.external_id,
      line_source: game.line_source,
      line_taken_at: game.line_taken_at,
      sync_flag: game.sync_flag,
      sync_flagged_at: game.sync_flagged_at,
    };
  }
}
