import PaidIcon from '@mui/icons-material/Paid';
import { EntryPaymentList } from './EntryPaymentList';

/** The Entry Fees list of one season: who paid. */
export const entryPaymentsPath = (seasonId: string | number) =>
  `/admin/entry_payments?filter=${encodeURIComponent(JSON.stringify({ football_season_id: seasonId }))}`;

/** <Resource name="entry_payments">: /admin/entry_payments, who paid each season's entry fee. */
export default {
  list: EntryPaymentList,
  icon: PaidIcon,
  recordRepresentation: 'name',
};
