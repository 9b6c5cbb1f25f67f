import { Alert, Box, Paper, Typography } from '@mui/material';
import { useWeekLive } from '../../api/live';
import type { Contention } from '../../api/types';
import { CONTENTION_TEXTS, ContentionList, contentionHeading, raceOver, RaceWinners, WINNER_TEXTS } from '../live/ContentionList';

/**
 * The season's race while it is on, behind a closed disclosure with a one-line answer: the standings above already
 * list every member, and the race's own list is as long again.
 */
function SeasonRace({ race, highlightUserId }: { race: Contention; highlightUserId?: number }) {
  return (
    <Box component="details" sx={{ '& > summary': { cursor: 'pointer', minHeight: 32, display: 'list-item' } }}>
      <Typography component="summary" sx={{ fontWeight: 600 }}>
        {WINNER_TEXTS.seasonLine(race)}
      </Typography>
      <Box sx={{ mt: 1 }}>
        <ContentionList race={race} title={CONTENTION_TEXTS.season} highlightUserId={highlightUserId} />
      </Box>
    </Box>
  );
}

/**
 * "Who can still win" the selected week and its season on the results page, read from the week's live board. A race
 * that is over (`method: final`) names its winners ("Won by …") instead; with both over, the section is "Who won".
 * The season's race, while on, is one line that opens to its list.
 */
export function ResultsContention({ weekId, highlightUserId }: { weekId: number | null; highlightUserId?: number }) {
  const live = useWeekLive(weekId);
  if (weekId === null) return null;
  const contention = live.data?.board.contention;
  let body;
  if (live.isError) body = <Alert severity="error">Failed to load who can still win</Alert>;
  else if (!contention) body = <Typography color="text.secondary">Loading who can still win…</Typography>;
  else {
    const { week, season } = contention;
    body = (
      <>
        {raceOver(week) ? (
          <RaceWinners race={week} title={CONTENTION_TEXTS.week} highlightUserId={highlightUserId} />
        ) : (
          <ContentionList race={week} title={CONTENTION_TEXTS.week} highlightUserId={highlightUserId} />
        )}
        {season &&
          (raceOver(season) ? (
            <RaceWinners race={season} title={CONTENTION_TEXTS.season} highlightUserId={highlightUserId} />
          ) : (
            <SeasonRace race={season} highlightUserId={highlightUserId} />
          ))}
      </>
    );
  }
  return (
    <Paper variant="outlined" component="section" aria-labelledby="results-contention-heading" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <Typography id="results-contention-heading" variant="h6" component="h2" gutterBottom>
        {contention ? contentionHeading(contention) : CONTENTION_TEXTS.heading}
      </Typography>
      {body}
    </Paper>
  );
}
