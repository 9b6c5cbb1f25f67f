import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SecurityEvent } from './entities/security-event.entity';
import { Throttle } from './entities/throttle.entity';
import { SecurityEventsController } from './security-events.controller';
import { SecurityEventsService } from './security-events.service';
import { SecurityLogService } from './security-log.service';
import { ThrottleGuard, ThrottleRefunds } from './throttle.guard';
import { ThrottlesService } from './throttles.service';

/** The security log (written by every domain, listed for admins) and the shared throttles: the lowest domain floor, so every domain may record to it. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([SecurityEvent, Throttle])],
  controllers: [SecurityEventsController],
  providers: [SecurityLogService, SecurityEventsService, ThrottlesService, ThrottleGuard, ThrottleRefunds],
  exports: [SecurityLogService, SecurityEventsService, ThrottlesService, ThrottleGuard, ThrottleRefunds],
})
export class SecurityModule {}
