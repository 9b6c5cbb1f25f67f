import PaidIcon from '@mui/icons-material/Paid';
import { Button } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { SeasonRecord } from '../dataProvider';

/** The season's Entry Fees list (who paid), for a season with a fee. */
export function WhoPaidButton() {
  const season = useRecordContext<SeasonRecord>();
  if (!season || !season.entry_fee_cents) return null;
  const filter = encodeURIComponent(JSON.stringify({ football_season_id: season.id }));
  return (
    <Button component={RouterLink} to={`/admin/entry_payments?filter=${filter}`} size="small" startIcon={<PaidIcon />}>
      Who paid
    </Button>
  );
}
