import { ApiProperty } from '@nestjs/swagger';

/** One send of the weekly e-mail (one round of the delivery ledger) and what became of its e-mails so far. */
export class WeeklySendDto {
  /** The ledger's round: the weekly e-mail goes out once per member, so all of it is round 0. */
  @ApiProperty({ description: 'The delivery round: the weekly e-mail goes out once per member, so it is always 0.' })
  round!: number;
  /** When the send was made: the round's first e-mail was queued then. */
  @ApiProperty({ description: 'When the send was made: the first e-mail was queued then.' })
  sent_at!: Date;
  /** Members it was addressed to (one e-mail each). */
  @ApiProperty({ description: 'Members it was addressed to (one e-mail each).' })
  recipient_count!: number;
  /** E-mails the mail server accepted. */
  @ApiProperty({ description: 'E-mails the mail server accepted.' })
  delivered_count!: number;
  /** E-mails the mail server refused for good (an admin may retry them, or send again). */
  @ApiProperty({ description: 'E-mails the mail server refused for good (an admin may retry them, or send again).' })
  refused_count!: number;
  /** E-mails still on their way: not tried yet, being sent, or waiting for a retry. */
  @ApiProperty({ description: 'E-mails still on their way: not tried yet, being sent, or waiting for a retry.' })
  queued_count!: number;
}

/** GET /api/weekly_notifications/status: whether the week's e-mail was sent already, when, and to how many. */
export class WeeklySendStatusDto {
  week_id!: number;
  /** Newest first; empty when the week's e-mail was never sent. */
  @ApiProperty({ description: 'Newest first; empty when the week\'s e-mail was never sent.' })
  sends!: WeeklySendDto[];
  /** When the week's e-mail was last queued to a member (a later send reaches only members who had not got it), or null. */
  @ApiProperty({
    description: 'When the week\'s e-mail was last queued to a member (a later send reaches only members who had not got it); null when never.',
  })
  last_sent_at!: Date | null;
}
