import GroupsIcon from '@mui/icons-material/Groups';
import { TeamList } from './TeamList';

export default {
  list: TeamList,
  hasCreate: true,
  hasEdit: true,
  icon: GroupsIcon,
  recordRepresentation: 'name',
};
