import { Injectable } from '@nestjs/common';
import type { User } from '../users/entities/user.entity';
import type { CalendarFeedDto, UpdateCalendarFeedDto } from './dto/calendar-feed.dto';

@Injectable()
export class CalendarService {
  feed(user: User): Promise<CalendarFeedDto> {
    void user;
    throw new Error('CalendarService: being built');
  }

  update(user: User, body: UpdateCalendarFeedDto): Promise<CalendarFeedDto> {
    void user;
    void body;
    throw new Error('CalendarService: being built');
  }

  rotate(user: User): Promise<CalendarFeedDto> {
    void user;
    throw new Error('CalendarService: being built');
  }

  /** The .ics text of `{token}.ics`; 404 for an unknown or rotated token. */
  ics(file: string): Promise<string> {
    void file;
    throw new Error('CalendarService: being built');
  }
}
