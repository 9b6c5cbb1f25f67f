import { Module } from '@nestjs/common';
import { PicksModule } from '../picks/picks.module';
import { EntryPaymentsController, PotController } from './payouts.controller';
import { PayoutsService } from './payouts.service';

@Module({
  imports: [PicksModule],
  controllers: [PotController, EntryPaymentsController],
  providers: [PayoutsService],
})
export class PayoutsModule {}
