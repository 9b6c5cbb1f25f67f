import { Alert, Typography } from '@mui/material';
import { useWeekLive } from '../../api/member';
import { WhoCanStillWin } from '../live/ContentionList';

/** "Who can still win" the selected week and its season on the results page, read from the week's live board. */
export function ResultsContention({ weekId, highlightUserId }: { weekId: number | null; highlightUserId?: number }) {
  const live = useWeekLive(weekId);
  if (weekId === null) return null;
  if (live.isError) return <Alert severity="error">Failed to load who can still win</Alert>;
  if (!live.data) return <Typography color="text.secondary">Loading who can still win…</Typography>;
  const { week, season } = live.data.board.contention;
  return <WhoCanStillWin week={week} season={season} highlightUserId={highlightUserId} />;
}
