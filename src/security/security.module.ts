import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SecurityEvent } from './entities/security-event.entity';
import { Throttle } from './entities/throttle.entity';
import { SecurityLog } from './security-log.service';

/** The security log and the shared throttles: the lowest domain floor, so every domain may record to it. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([SecurityEvent, Throttle])],
  providers: [SecurityLog],
  exports: [SecurityLog],
})
export class SecurityModule {}
