import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import type { ListPage, ListParams } from '../common/list/list-query';
import type { User } from '../users/entities/user.entity';
import { DeliveryLedgerService } from './delivery-ledger.service';
import { DeliveryFilterDto } from './dto/delivery-filter.dto';
import { SendResultDto, WeeklyGameDto, WeeklyPreviewDto } from './dto/weekly-preview.dto';
import { NotificationDelivery } from '../mail/entities/notification-delivery.entity';
import { gameLines } from './game-lines';
import { NotificationEmails } from './notification-emails';
import { NotificationSenderService } from './notification-sender.service';
import { SeasonNewsService } from './season-news.service';
import { rulesOfWeek, WeekMailReader, WeekWithGames } from './week-mail.reader';
import { WeekValidationDto } from './dto/week-validation.dto';
import { WeeklySendStatusDto } from './dto/weekly-send-status.dto';
import { validateWeek } from './weekly-requirements';
import { MailService } from '../mail/mail.service';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Clock } from '../common/clock';
import type { Game } from '../games/entities/game.entity';
import { pickWindow } from '../games/pick-window';
import { SeasonStanding } from '../results/entities/season-standing.entity';
import type { Week } from '../seasons/weeks/entities/week.entity';
import { WeekCalendarService } from '../seasons/weeks/week-calendar.service';
import { missingPicks } from './missing-picks';
import type { WeeklyPersonal } from './notification-emails';
import { missingLine, standingLine } from './personal-lines';
import { SurvivorWeekReader } from '../survivor/survivor-week.reader';
import { SurvivorWeekly, survivorWeekly } from './survivor-lines';

export const WEEKLY_KIND = 'weekly';

/** docs/product.md#api "Notifications": validate, preview and send the week's e-mail to every member. */
@Injectable()
export class WeeklyNotificationsService {
  constructor(
    private readonly weekGames: WeekMailReader,
    private readonly emails: NotificationEmails,
    private readonly mail: MailService,
    private readonly sender: NotificationSenderService,
    private readonly ledger: DeliveryLedgerService,
    private readonly news: SeasonNewsService,
    private readonly calendar: WeekCalendarService,
    private readonly clock: Clock,
    @InjectRepository(SeasonStanding) private readonly standings: Repository<SeasonStanding>,
    private readonly survivor: SurvivorWeekReader,
  ) {}

  async validate(weekId: number): Promise<WeekValidationDto> {
    const { week, games } = await this.weekGames.load(weekId);
    return validateWeek(week.number, games, rulesOfWeek(week).games_per_week);
  }

  async previewFor(admin: User, weekId: number): Promise<WeeklyPreviewDto> {
    const { week, games } = await this.validWeek(weekId);
    const lines = gameLines(games);
    const tiebreaker = lines.find((line) => line.is_tiebreaker);
    const [news, personal, survivor] = await Promise.all([this.news.beforeWeek(week.id), this.personal(week, games), this.survivorOf(week, [admin.id])]);
    const { subject, html } = await this.mail.preview({
      ...this.emails.weekly(week, games, admin.name, news, personal(admin.id), survivor(admin.id)),
      kind: WEEKLY_KIND,
      userId: admin.id,
    });
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
    const [members, news, personal] = await Promise.all([this.weekGames.members(week), this.news.beforeWeek(week.id), this.personal(week, games)]);
    const survivor = await this.survivorOf(week, members.map((member) => member.id));
    return this.sender.deliverAndCount({
      weekId: week.id,
      kind: WEEKLY_KIND,
      envelopes: members.map((member) => ({ user: member, message: this.emails.weekly(week, games, member.name, news, personal(member.id), survivor(member.id)) })),
    });
  }

  /** Each member's survivor section of the week's e-mail: none when the season's contest does not cover the week. */
  private async survivorOf(week: Week, userIds: number[]): Promise<(userId: number) => SurvivorWeekly | null> {
    const contest = await this.survivor.of(week);
    if (!contest) return () => null;
    const used = await this.survivor.teamsUsedBy(contest.contest.id, userIds);
    return (userId) => survivorWeekly(contest, userId, used.get(userId) ?? []);
  }

  /**
   * Each member's personal lines, read once per send: their place in the week's season standings (as last
   * calculated), and what they still have to pick of the games open now.
   */
  private async personal(week: Week, games: readonly Game[]): Promise<(userId: number) => WeeklyPersonal> {
    const [standings, picks, weekStatus] = await Promise.all([
      this.standings.find({ where: { football_season_id: week.football_season_id } }),
      this.weekGames.picksOf(games),
      this.calendar.statusOf(week),
    ]);
    const now = this.clock.now();
    const openGames = games.filter((game) => pickWindow(game, weekStatus, now).picks_allowed).length;
    const standingOf = new Map(standings.map((row) => [row.user_id, row]));
    const picksOf = new Map<number, typeof picks>();
    for (const pick of picks) picksOf.set(pick.user_id, [...(picksOf.get(pick.user_id) ?? []), pick]);
    return (userId) => {
      const own = picksOf.get(userId) ?? [];
      const [entry] = missingPicks({ games, weekStatus, members: [{ id: userId }], picks: own, now });
      return { standing: standingLine(standingOf.get(userId), standings), picks: missingLine(openGames, entry), pickedGameIds: own.map((pick) => pick.game_id) };
    };
  }

  /** Whether the week's e-mail went out already: each send (round) with its counts, for the admin about to send again. */
  async status(weekId: number): Promise<WeeklySendStatusDto> {
    const { week } = await this.weekGames.load(weekId);
    const { sends, lastSentAt } = await this.ledger.roundsOf(week.id, WEEKLY_KIND);
    return { week_id: week.id, sends, last_sent_at: lastSentAt };
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
