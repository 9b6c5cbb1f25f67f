import PolicyIcon from '@mui/icons-material/Policy';
import { SecurityEventList } from './SecurityEventList';

export default {
  list: SecurityEventList,
  icon: PolicyIcon,
};
