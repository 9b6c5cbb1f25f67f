import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SecurityEvent } from './entities/security-event.entity';
import { Throttle } from './entities/throttle.entity';
import { SecurityLog } from './security-log.service';
import { ThrottleGuard } from './throttle.guard';
import { Throttles } from './throttles.service';

/** The security log and the shared throttles: the lowest domain floor, so every domain may record to it. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([SecurityEvent, Throttle])],
  providers: [SecurityLog, Throttles, ThrottleGuard],
  exports: [SecurityLog, Throttles, ThrottleGuard],
})
export class SecurityModule {}
