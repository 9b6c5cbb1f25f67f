import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Game } from '../games/entities/game.entity';
import { GamesModule } from '../games/games.module';
import { LiveModule } from '../live/live.module';
import { ResultsModule } from '../results/results.module';
import { Pick } from '../picks/entities/pick.entity';
import { SeasonStanding } from '../results/entities/season-standing.entity';
import { PicksModule } from '../picks/picks.module';
import { Week } from '../seasons/weeks/entities/week.entity';
import { WeeksModule } from '../seasons/weeks/weeks.module';
import { SurvivorWeekReader } from '../survivor/survivor-week.reader';
import { UsersModule } from '../users/users.module';
import { DeliveryLedgerService } from './delivery-ledger.service';
import { NotificationDelivery } from '../mail/entities/notification-delivery.entity';
import { MissingPicksController } from './missing-picks.controller';
import { NotificationDeliveriesController } from './notification-deliveries.controller';
import { MissingPicksService } from './missing-picks.service';
import { NotificationEmails } from './notification-emails';
import { NotificationSenderService } from './notification-sender.service';
import { SeasonNewsService } from './season-news.service';
import { WeekMailReader } from './week-mail.reader';
import { WeeklyNotificationsController } from './weekly-notifications.controller';
import { WeeklyNotificationsService } from './weekly-notifications.service';

@Module({
  imports: [TypeOrmModule.forFeature([NotificationDelivery, Week, Game, Pick, SeasonStanding]), WeeksModule, GamesModule, ResultsModule, LiveModule, PicksModule, UsersModule],
  controllers: [WeeklyNotificationsController, MissingPicksController, NotificationDeliveriesController],
  providers: [DeliveryLedgerService, NotificationSenderService, NotificationEmails, WeekMailReader, WeeklyNotificationsService, MissingPicksService, SeasonNewsService, SurvivorWeekReader],
  exports: [DeliveryLedgerService, NotificationSenderService, NotificationEmails, WeekMailReader, MissingPicksService, SeasonNewsService, SurvivorWeekReader],
})
export class NotificationsModule {}
