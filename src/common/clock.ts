import { Global, Injectable, Module } from '@nestjs/common';

/** The server's clock, the one source of "now" for every time rule (deadlines, week status, jobs). */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
