import { Module } from '@nestjs/common';
import { CalendarFeedController, MyCalendarController } from './calendar.controller';
import { CalendarService } from './calendar.service';

@Module({
  controllers: [MyCalendarController, CalendarFeedController],
  providers: [CalendarService],
})
export class CalendarModule {}
