import { ApiProperty } from '@nestjs/swagger';
import type { Player } from '../../picks/players.reader';
import { gameLines } from '../game-lines';
import type { MissingPicks } from '../missing-picks';

export class MissingGameDto {
  game_id!: number;
  away_team!: string;
  home_team!: string;
  pick_deadline!: Date;
}

/** GET /api/weeks/{id}/missing_picks: one member who still has something to pick. */
export class MissingPicksDto {
  user!: { id: number; name: string; email: string };
  missing!: MissingGameDto[];
  missing_tiebreaker!: boolean;
  /** Games of the week still open for picks; the member has picked open_games minus missing of them. */
  @ApiProperty({ description: 'Games of the week still open for picks; the member has picked open_games minus missing of them.' })
  open_games!: number;

  static from(entry: MissingPicks<Player>): MissingPicksDto {
    return {
      user: { id: entry.member.id, name: entry.member.name, email: entry.member.email },
      missing: gameLines(entry.missing).map((line) => ({
        game_id: line.game_id,
        away_team: line.away_team,
        home_team: line.home_team,
        pick_deadline: line.pick_deadline,
      })),
      missing_tiebreaker: entry.missing_tiebreaker,
      open_games: entry.open_games,
    };
  }
}
