import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PushDelivery } from './entities/push-delivery.entity';
import { PushSubscription } from './entities/push-subscription.entity';
import { MyPushSubscriptionsController, PushKeyController } from './push.controller';
import { PushCommitSubscriber } from './push-commit.subscriber';
import { PushOutbox } from './push-outbox.service';
import { PushSender } from './push-sender.service';
import { PushSubscriptions } from './push-subscriptions.service';
import { UsersModule } from '../users/users.module';

/** Web Push (docs/push.md): the members' devices, the push outbox and its sender. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([PushSubscription, PushDelivery]), UsersModule],
  controllers: [PushKeyController, MyPushSubscriptionsController],
  providers: [PushSubscriptions, PushSender, PushOutbox, PushCommitSubscriber],
  exports: [PushOutbox, PushSender],
})
export class PushModule {}
