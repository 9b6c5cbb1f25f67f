import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import type { ListPage, ListParams } from '../common/list/list-query';
import type { User } from '../users/entities/user.entity';
import { DeliveryLedger } from './delivery-ledger.service';
import { DeliveryFilterDto } from './dto/delivery-filter.dto';
import { SendResultDto, WeeklyGameDto, WeeklyPreviewDto } from './dto/weekly-preview.dto';
import { NotificationDelivery } from '../mail/entities/notification-delivery.entity';
import { gameLines } from './game-lines';
import { NotificationEmails } from './notification-emails';
import { NotificationSender } from './notification-sender.service';
import { SeasonNews } from './season-news.service';
import { rulesOfWeek, WeekGames, WeekWithGames } from './week-games.service';
import { WeekValidationDto } from './dto/week-validation.dto';
import { validateWeek } from './weekly-requirements';
import { MailService } from '../mail/mail.service';

export const WEEKLY_KIND = 'weekly';

/** docs/product.md#api "Notifications": validate, preview and send the week's e-mail to every member. */
@Injectable()
export class WeeklyNotificationsService {
  constructor(
    private readonly weekGames: WeekGames,
    private readonly emails: NotificationEmails,
    private readonly mail: MailService,
    private readonly sender: NotificationSender,
    private readonly ledger: DeliveryLedger,
    private readonly news: SeasonNews,
  ) {}

  async validate(weekId: number): Promise<WeekValidationDto> {
    const { week, games } = await this.weekGames.load(weekId);
    return validateWeek(week.number, games, rulesOfWeek(week).games_per_week);
  }

  async previewFor(admin: User, weekId: number): Promise<WeeklyPreviewDto> {
    const { week, games } = await this.validWeek(weekId);
    const lines = gameLines(games);
    const tiebreaker = lines.find((line) => line.is_tiebreaker);
    const news = await this.news.beforeWeek(week.id);
    const { subject, html } = await this.mail.preview(this.emails.weekly(week, games, admin.name, news));
    return {
      week_id: week.id,
      week_number: week.number,
      user_name: admin.name,
      games_count: lines.length,
      tiebreaker_game: tiebreaker ? `${tiebreaker.away_team} @ ${tiebreaker.home_team}` : null,
      games: lines.map(WeeklyGameDto.from),
      subject,
      html,
    };
  }

  /**
   * Sends the week's e-mail to every member not yet sent it (each delivery is claimed, so never twice), and tells
   * what the mail server did with each.
   */
  async send(weekId: number): Promise<SendResultDto> {
    const { week, games } = await this.validWeek(weekId);
    const [members, news] = await Promise.all([this.weekGames.members(week), this.news.beforeWeek(week.id)]);
    return this.sender.deliverAndCount({
      weekId: week.id,
      kind: WEEKLY_KIND,
      envelopes: members.map((member) => ({ user: member, message: this.emails.weekly(week, games, member.name, news) })),
    });
  }

  deliveries(list: ListParams<DeliveryFilterDto>): Promise<ListPage<NotificationDelivery>> {
    return this.ledger.findAll(list);
  }

  /** docs/product.md#validation: preview and send need a valid week (the season's games per week, 1 tiebreaker). */
  private async validWeek(weekId: number): Promise<WeekWithGames> {
    const loaded = await this.weekGames.load(weekId);
    const validation = validateWeek(loaded.week.number, loaded.games, rulesOfWeek(loaded.week).games_per_week);
    if (!validation.isValid) throw new UnprocessableEntityException(validation.message);
    return loaded;
  }
}
