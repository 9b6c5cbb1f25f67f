import { WeeklyResultDto } from './weekly-result.dto';

/** A member's week as a calculation leaves it. */
export class RecordSummaryDto {
  points!: number;
  wins!: number;
  losses!: number;
  tiebreaker_score!: number | null;
  rank!: number | null;
}

/** A member whose week a calculation would change (dry run): before (null: no result yet) and after. */
export class ResultChangeDto {
  user!: { id: number; name: string; email: string | null };
  before!: RecordSummaryDto | null;
  after!: RecordSummaryDto | null;
}

/** POST /weekly_results/calculate/{week_id}: how many results were written, or with ?dry_run=true what would change. */
export class WeekCalculationDto {
  results_count!: number;
  dry_run?: true;
  results?: WeeklyResultDto[];
  changes?: ResultChangeDto[];
  picks_changed?: number;
}

/** POST /season_results/calculate/{season_id}: how many standings were written. */
export class SeasonCalculationDto {
  results_count!: number;
}
