import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { WriteGate, WriteGateInterceptor } from './write-gate';

@Global()
@Module({
  providers: [WriteGate, { provide: APP_INTERCEPTOR, useClass: WriteGateInterceptor }],
  exports: [WriteGate],
})
export class DatabaseModule {}
