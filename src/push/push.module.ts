import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PushDelivery } from './entities/push-delivery.entity';
import { PushSubscription } from './entities/push-subscription.entity';
import { MyPushSubscriptionsController, PushKeyController } from './push.controller';
import { PushCommitSubscriber } from './push-commit.subscriber';
import { PushOutbox } from './push-outbox.service';
import { PushPreferences } from './push-preferences';
import { PushSender } from './push-sender.service';
import { PushSubscriptions } from './push-subscriptions.service';

/** Until the members' notification preferences exist: push goes to nobody (it is off unless a member turns it on). */
class NoPushPreferences extends PushPreferences {
  membersWantingPush(): Promise<Set<number>> {
    return Promise.resolve(new Set());
  }
}

/** Web Push (docs/push.md): the members' devices, the push outbox and its sender. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([PushSubscription, PushDelivery])],
  controllers: [PushKeyController, MyPushSubscriptionsController],
  providers: [PushSubscriptions, PushSender, PushOutbox, PushCommitSubscriber, { provide: PushPreferences, useClass: NoPushPreferences }],
  exports: [PushOutbox, PushSender],
})
export class PushModule {}
