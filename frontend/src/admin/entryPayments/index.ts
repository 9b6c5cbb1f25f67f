import PaidIcon from '@mui/icons-material/Paid';
import { EntryPaymentList } from './EntryPaymentList';

/** <Resource name="entry_payments">: /admin/entry_payments, who paid each season's entry fee. */
export default {
  list: EntryPaymentList,
  icon: PaidIcon,
  recordRepresentation: 'name',
};
