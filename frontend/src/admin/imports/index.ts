import HistoryIcon from '@mui/icons-material/History';
import { ImportList } from './ImportList';

/** Import History (read-only): the imports, score syncs and calendar imports. */
export default {
  list: ImportList,
  icon: HistoryIcon,
};
