import PaidIcon from '@mui/icons-material/Paid';
import { Button } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { SeasonRecord } from '../dataProvider';
import { entryPaymentsPath } from '../entryPayments';

/** The season's Entry Fees list (who paid), for a season with a fee. */
export function WhoPaidButton() {
  const season = useRecordContext<SeasonRecord>();
  if (!season || !season.entry_fee_cents) return null;
  return (
    <Button component={RouterLink} to={entryPaymentsPath(season.id)} size="small" startIcon={<PaidIcon />}>
      Who paid
    </Button>
  );
}
