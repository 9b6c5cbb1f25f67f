import { ApiProperty } from '@nestjs/swagger';
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
  @ApiProperty({ description: 'One hour before kickoff.' })
  pick_deadline!: Date;
  betting_line!: number | null;
  /** The favoured side. */
  @ApiProperty({ description: 'The favoured side.' })
  betting_line_team!: Side | null;
  favored_team!: string | null;
  /** "Alabama by 7.5", "Pick'em" or "No line". */
  @ApiProperty({ description: 'The line in words: "Alabama by 7.5", "Pick\'em" or "No line".' })
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
  @ApiProperty({ description: 'Whom the preview is addressed to: the admin asking for it.' })
  user_name!: string;
  games_count!: number;
  /** "Away @ Home" of the tiebreaker game. */
  @ApiProperty({ description: '"Away @ Home" of the tiebreaker game.' })
  tiebreaker_game!: string | null;
  games!: WeeklyGameDto[];
  subject!: string;
  /** The rendered HTML of the e-mail. */
  @ApiProperty({ description: 'The rendered HTML of the e-mail.' })
  html!: string;
}

/**
 * The outcome of a batch of e-mails, once each e-mail's first attempt ended or a few seconds (MAIL_SEND_WAIT) passed.
 * Every e-mail counts once: sent, failed or queued. Each e-mail's further story shows in the delivery log.
 */
export class SendResultDto {
  /** E-mails the mail server accepted. */
  @ApiProperty({ description: 'E-mails the mail server accepted.' })
  sent_count!: number;
  /** E-mails the mail server refused for good (a 5xx answer, such as an unknown mailbox): not tried again. */
  @ApiProperty({ description: 'E-mails the mail server refused for good (such as an unknown mailbox): not tried again.' })
  failed_count!: number;
  /** Members already sent this e-mail, or with it queued or being sent (not queued again), or who turned it off. */
  @ApiProperty({ description: 'Members already sent this e-mail, with it queued or being sent, or who turned it off.' })
  skipped_count!: number;
  /** E-mails still on their way: not tried yet, still being sent, or turned away for now and to be tried again. */
  @ApiProperty({ description: 'E-mails still on their way: not tried yet, still being sent, or turned away for now and to be tried again.' })
  queued_count!: number;
}
