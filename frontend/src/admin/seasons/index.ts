import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { SeasonList } from './SeasonList';

/** <Resource name="seasons">: /admin/seasons, backed by /api/football_seasons (see dataProvider). */
export default {
  list: SeasonList,
  hasCreate: true,
  hasEdit: true,
  icon: CalendarMonthIcon,
  recordRepresentation: 'name',
};
