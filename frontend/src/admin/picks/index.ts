import HowToVoteIcon from '@mui/icons-material/HowToVote';
import { PickList } from './PickList';

export default {
  list: PickList,
  hasCreate: true,
  hasEdit: true,
  icon: HowToVoteIcon,
  recordRepresentation: (pick: { user: { name: string }; selected_winner: string }) => `${pick.user.name}: ${pick.selected_winner}`,
};
