import { ApiProperty } from '@nestjs/swagger';
import { applyDecorators } from '@nestjs/common';
import { RejectUnknownKeys } from '../../common/pipes/app-validation.pipe';
import { Type } from 'class-transformer';
import { IsBoolean, IsOptional, ValidateNested } from 'class-validator';

/** One kind's channels: whether the member gets it by e-mail and by push. */
export class ChannelsDto {
  email!: boolean;
  push!: boolean;
}

/**
 * Every kind of notification, each with its two channels (docs/member-pages.md#notification-preferences).
 * `game_finals` and `weekly_results` have no e-mail: their `email` is always false.
 */
export class NotificationPreferencesDto {
  /** Pick reminders before a deadline, and an admin's "remind" of who hasn't picked. */
  @ApiProperty({ description: 'Pick reminders before a deadline, and an admin\'s reminder to members who have not picked.' })
  reminders!: ChannelsDto;
  /** The picks sheet, once a week's picks are locked. */
  @ApiProperty({ description: 'The picks sheet, once a week\'s picks are locked.' })
  picks_sheet!: ChannelsDto;
  /** The final score of a game the member picked (push only). */
  @ApiProperty({ description: 'The final score of a game the member picked (push only).' })
  game_finals!: ChannelsDto;
  /** The week's results and the member's rank (push only). */
  @ApiProperty({ description: 'The week\'s results and the member\'s rank (push only).' })
  weekly_results!: ChannelsDto;
  /** An admin changed the member's pick. */
  @ApiProperty({ description: 'An admin changed the member\'s pick.' })
  pick_overrides!: ChannelsDto;
  /** The weekly e-mail: the week's games, the member's record and rank, and picks still missing. */
  @ApiProperty({ description: 'The weekly e-mail: the week\'s games, the member\'s record and rank, and picks still missing.' })
  weekly_email!: ChannelsDto;
}

/** A change to one kind: either channel, or both. */
export class ChannelChoiceDto {
  @IsOptional() @IsBoolean({ message: '$property must be true or false' })
  email?: boolean;

  @IsOptional() @IsBoolean({ message: '$property must be true or false' })
  push?: boolean;
}

const Choice = () => applyDecorators(IsOptional(), ValidateNested(), Type(() => ChannelChoiceDto));

/** Any subset of kinds and channels; an unknown kind or channel, or a value that is not a boolean, is a 422
 * (nested unknown keys too: the pipe's check reaches every level). */
@RejectUnknownKeys()
export class UpdateNotificationPreferencesDto {
  @Choice() reminders?: ChannelChoiceDto;
  @Choice() picks_sheet?: ChannelChoiceDto;
  @Choice() game_finals?: ChannelChoiceDto;
  @Choice() weekly_results?: ChannelChoiceDto;
  @Choice() pick_overrides?: ChannelChoiceDto;
  @Choice() weekly_email?: ChannelChoiceDto;
}
