import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PushDelivery } from './entities/push-delivery.entity';
import { PushSubscription } from './entities/push-subscription.entity';
import { MyPushSubscriptionsController, PushKeyController } from './push.controller';
import { PushCommitSubscriber } from './push-commit.subscriber';
import { PushOutboxService } from './push-outbox.service';
import { PushSenderService } from './push-sender.service';
import { PushSubscriptionsService } from './push-subscriptions.service';
import { UsersModule } from '../users/users.module';

/** Web Push (docs/push.md): the members' devices, the push outbox and its sender. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([PushSubscription, PushDelivery]), UsersModule],
  controllers: [PushKeyController, MyPushSubscriptionsController],
  providers: [PushSubscriptionsService, PushSenderService, PushOutboxService, PushCommitSubscriber],
  exports: [PushOutboxService, PushSenderService],
})
export class PushModule {}
