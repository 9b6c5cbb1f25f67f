import { Injectable } from '@nestjs/common';
import type { WeeklyAwardsDto } from './dto/weekly-awards.dto';

/** Weekly awards (docs/saturday.md#weekly-awards), derived from the stored results. */
@Injectable()
export class WeeklyAwardsService {
  forWeek(weekId: number): Promise<WeeklyAwardsDto> {
    void weekId;
    throw new Error('WeeklyAwardsService: being built');
  }
}
