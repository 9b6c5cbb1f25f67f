import EventIcon from '@mui/icons-material/Event';
import { WeekList } from './WeekList';

export default {
  list: WeekList,
  hasCreate: true,
  hasEdit: true,
  icon: EventIcon,
  recordRepresentation: 'display_name',
};
