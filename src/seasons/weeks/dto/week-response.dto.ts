import type { Week } from '../entities/week.entity';
import type { WeekStatus } from '../week-status';
import { NamedRefDto } from '../../../common/dto/refs.dto';

/** "Week 3": how screens and e-mails name a week. */
export const weekDisplayName = (number: number): string => `Week ${number}`;

/** A week with what is computed for it on read. */
export interface WeekView {
  /** Loaded with its football_season. */
  week: Week;
  status: WeekStatus;
  games_count: number;
}

/** A week as the API shows it (docs/product.md#data). */
export class WeekResponseDto {
  id!: number;
  number!: number;
  display_name!: string;
  start_date!: string;
  end_date!: string;
  football_season_id!: number;
  football_season!: NamedRefDto | null;
  is_current!: boolean;
  status!: WeekStatus;
  games_count!: number;

  static from({ week, status, games_count }: WeekView): WeekResponseDto {
    return {
      id: week.id,
      number: week.number,
      display_name: weekDisplayName(week.number),
      start_date: week.start_date,
      end_date: week.end_date,
      football_season_id: week.football_season_id,
      football_season: week.football_season ? { id: week.football_season.id, name: week.football_season.name } : null,
      is_current: week.is_current,
      status,
      games_count,
    };
  }
}
