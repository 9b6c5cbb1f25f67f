import { ApiProperty } from '@nestjs/swagger';
import { NamedRefDto } from '../../common/dto/refs.dto';

/** GET /api/weekly_results/status: when and how the week's results were last calculated. */
export class ResultsStatusDto {
  week_id!: number;
  /** When the results were last calculated; null when they never were. */
  @ApiProperty({ description: 'When the results were last calculated; null when they never were.' })
  calculated_at!: Date | null;
  /** True when the app calculated them itself, as the week's last game went final (or a result was corrected). */
  @ApiProperty({ description: 'True when the app calculated them itself, as the week\'s last game went final (or a result was corrected).' })
  automatic!: boolean;
  /** The admin who calculated them; null when automatic, not calculated, or no longer known. */
  @ApiProperty({ description: 'The admin who calculated them; null when automatic, not calculated, or no longer known.' })
  calculated_by!: NamedRefDto | null;
  /** Members with a result for the week. */
  results_count!: number;
}
