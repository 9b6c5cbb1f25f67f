import type { ResultsStatus } from '../../api/types';
import { formatDateTime } from '../../format';

/**
 * How the week's results came to be: "Calculated automatically at …" (the server recalculates a week by itself once
 * every game has a winner, and again on a correction), "Calculated by Pat at …", or "Not calculated yet".
 */
export function calculationText(status: ResultsStatus): string {
  if (!status.calculated_at) return 'Not calculated yet.';
  const at = formatDateTime(status.calculated_at);
  const count = ` (${status.results_count} member result${status.results_count === 1 ? '' : 's'})`;
  if (status.automatic) return `Calculated automatically at ${at}${count}, once every game had its final.`;
  if (status.calculated_by) return `Calculated by ${status.calculated_by.name} at ${at}${count}.`;
  return `Calculated at ${at}${count}.`;
}
