import type { Side } from '../../games/entities/game.entity';
import type { GameLine } from '../game-lines';

/** One game of the weekly e-mail, as the preview lists it (docs/product.md#data "Notification preview", plus its extras). */
export class WeeklyGameDto {
  game_id!: number;
  away_team!: string;
  home_team!: string;
  away_team_ranking!: number | null;
  home_team_ranking!: number | null;
  game_date!: Date;
  /** 1 hour before kickoff. */
  pick_deadline!: Date;
  betting_line!: number | null;
  /** The favoured side. */
  betting_line_team!: Side | null;
  favored_team!: string | null;
  /** "Alabama by 7.5", "Pick'em" or "No line". */
  line!: string;
  is_tiebreaker!: boolean;

  static from(line: GameLine): WeeklyGameDto {
    return {
      game_id: line.game_id,
      away_team: line.away_team,
      home_team: line.home_team,
      away_team_ranking: line.away_team_ranking,
      home_team_ranking: line.home_team_ranking,
      game_date: line.game_date,
      pick_deadline: line.pick_deadline,
      betting_line: line.betting_line,
      betting_line_team: line.betting_line_team,
      favored_team: line.favored_team,
      line: line.line,
      is_tiebreaker: line.is_tiebreaker,
    };
  }
}

/** GET /api/weekly_notifications/preview: the week's e-mail as a member receives it. */
export class WeeklyPreviewDto {
  week_id!: number;
  week_number!: number;
  /** Whom the preview is addressed to: the admin asking for it. */
  user_name!: string;
  games_count!: number;
  /** "Away @ Home" of the tiebreaker game. */
  tiebreaker_game!: string | null;
  games!: WeeklyGameDto[];
  subject!: string;
  /** The rendered HTML of the e-mail. */
  html!: string;
}

/**
 * The outcome of a batch of e-mails. E-mails are delivered in the background, so "sent" means accepted for delivery;
 * each e-mail's outcome shows in the delivery log.
 */
export class SendResultDto {
  /** E-mails accepted for delivery by this request (the same as queued_count). */
  sent_count!: number;
  /** E-mails that could not be accepted for delivery: 0, as a batch is queued whole or not at all. */
  failed_count!: number;
  /** Members already sent this e-mail, or with it queued or being sent: not queued again. */
  skipped_count!: number;
  /** E-mails accepted for delivery by this request: new ones, and earlier failures queued again. */
  queued_count!: number;
}
