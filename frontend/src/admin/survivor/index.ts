import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import HowToVoteIcon from '@mui/icons-material/HowToVote';
import { SurvivorAuditList } from './SurvivorAuditList';
import { SurvivorContestList } from './SurvivorContestList';
import { SurvivorEntryList } from './SurvivorEntryList';
import { SurvivorPickList } from './SurvivorPickList';

/** The survivor contest's resources (docs/pool-formats.md "Survivor"), spread into <Resource>s by AdminApp. */
export const survivorContests = { list: SurvivorContestList, hasCreate: true, hasEdit: true, icon: EmojiEventsIcon, recordRepresentation: 'name' };
export const survivorEntries = { list: SurvivorEntryList, hasCreate: true, icon: GroupsIcon, recordRepresentation: 'name' };
export const survivorPicks = {
  list: SurvivorPickList,
  hasCreate: true,
  hasEdit: true,
  icon: HowToVoteIcon,
  recordRepresentation: (pick: { user_name: string; week_number: number }) => `${pick.user_name}: week ${pick.week_number}`,
};
export const survivorPickAudits = { list: SurvivorAuditList, icon: HistoryIcon };
