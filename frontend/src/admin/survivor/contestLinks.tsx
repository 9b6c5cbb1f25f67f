import GroupsIcon from '@mui/icons-material/Groups';
import HowToVoteIcon from '@mui/icons-material/HowToVote';
import { Button } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { SurvivorContest } from './survivorTypes';

const listPath = (resource: string, filter: object) => `/admin/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** The contest's entrants list. */
export const survivorEntriesPath = (contestId: number | string) => listPath('survivor_entries', { survivor_contest_id: Number(contestId) });
/** The contest's picks list. */
export const survivorPicksPath = (contestId: number | string) => listPath('survivor_picks', { survivor_contest_id: Number(contestId) });
/** The contest's audit of admin overrides. */
export const survivorAuditsPath = (contestId: number | string) => listPath('survivor_pick_audits', { survivor_contest_id: Number(contestId) });

export function EntrantsButton() {
  const contest = useRecordContext<SurvivorContest>();
  if (!contest) return null;
  return (
    <Button component={RouterLink} to={survivorEntriesPath(contest.id)} size="small" startIcon={<GroupsIcon />} onClick={(event) => event.stopPropagation()}>
      Entrants
    </Button>
  );
}

export function SurvivorPicksButton() {
  const contest = useRecordContext<SurvivorContest>();
  if (!contest) return null;
  return (
    <Button component={RouterLink} to={survivorPicksPath(contest.id)} size="small" startIcon={<HowToVoteIcon />} onClick={(event) => event.stopPropagation()}>
      Picks
    </Button>
  );
}
