import PeopleIcon from '@mui/icons-material/People';
import { UserList } from './UserList';

export default {
  list: UserList,
  hasEdit: true,
  icon: PeopleIcon,
  recordRepresentation: 'name',
};
