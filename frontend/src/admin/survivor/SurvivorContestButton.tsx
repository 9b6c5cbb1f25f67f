import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { Button } from '@mui/material';
import { useGetList, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { SeasonRecord } from '../dataProvider';
import type { SurvivorContest } from './survivorTypes';

/** The season's edit dialog: its survivor contest, or a new one for the season. */
export function SurvivorContestButton() {
  const season = useRecordContext<SeasonRecord>();
  const contests = useGetList<SurvivorContest>(
    'survivor_contests',
    { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: { football_season_id: season?.id } },
    { enabled: !!season },
  );
  if (!season || contests.isPending) return null;
  const contest = contests.data?.[0];
  return contest ? (
    <Button component={RouterLink} to={`/admin/survivor_contests/${contest.id}`} size="small" startIcon={<EmojiEventsIcon />}>
      Survivor contest
    </Button>
  ) : (
    <Button
      component={RouterLink}
      to="/admin/survivor_contests/create"
      state={{ record: { football_season_id: season.id } }}
      size="small"
      startIcon={<EmojiEventsIcon />}
    >
      Survivor contest
    </Button>
  );
}
