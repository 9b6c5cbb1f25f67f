import ShieldIcon from '@mui/icons-material/Shield';
import { ConferenceList } from './ConferenceList';

/** Spread into <Resource name="conferences">: the list opens the add and edit dialogs over itself. */
export default {
  list: ConferenceList,
  hasCreate: true,
  hasEdit: true,
  icon: ShieldIcon,
  recordRepresentation: 'name',
};
