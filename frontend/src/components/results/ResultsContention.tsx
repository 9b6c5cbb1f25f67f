import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { Alert, Box, Paper, Typography } from '@mui/material';
import { useWeekLive } from '../../api/member';
import type { Contention } from '../../api/types';
import { CONTENTION_TEXTS, ContentionList } from '../live/ContentionList';
import { namesText } from './WeeklyAwards';

/** The texts of a finished race on the results page (docs/member-pages.md#results). */
export const WINNER_TEXTS = {
  heading: 'Who won',
  /** "Won by Casey" / "Won by Ana and Ben (shared)". */
  wonBy: (names: string, shared: boolean) => `Won by ${names}${shared ? ' (shared)' : ''}`,
  points: (points: number) => `${points} ${points === 1 ? 'pt' : 'pts'}`,
  nobody: (scope: Contention['scope']) => `Nobody won: no picks counted this ${scope}.`,
  /** The closed season race's one line: "Season: 4 of 6 can still win" / "Season: Ana has clinched it". */
  seasonLine: (race: Contention) => {
    const clinched = race.contenders.filter((contender) => contender.status === 'clinched').map((contender) => contender.user);
    if (clinched.length) return `Season: ${namesText(clinched)} ${clinched.length === 1 ? 'has' : 'have'} clinched it`;
    const open = race.contenders.filter((contender) => contender.status === 'can_win').length;
    return `Season: ${open} of ${race.contenders.length} can still win`;
  },
};

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

/** A race that is over: its winners in one line, instead of a list of everyone else marked eliminated. */
function RaceWinners({ race, title, highlightUserId }: { race: Contention; title: string; highlightUserId?: number }) {
  const winners = race.winners ?? [];
  const points = race.contenders.find((contender) => winners.some((winner) => winner.id === contender.user.id))?.current;
  const id = `winners-${race.scope}-heading`;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 2 }}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {winners.length === 0 ? (
        <Typography color="text.secondary">{WINNER_TEXTS.nobody(race.scope)}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }} data-testid="race-winners">
          <EmojiEventsIcon aria-hidden sx={{ color: '#d4a017' }} />
          <Typography component="p" sx={{ fontWeight: winners.some((winner) => winner.id === highlightUserId) ? 700 : 600 }}>
            {WINNER_TEXTS.wonBy(namesText(winners), winners.length > 1)}
          </Typography>
          {points !== undefined && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
              {WINNER_TEXTS.points(points)}
            </Typography>
          )}
        </Box>
      )}
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
  const over = (race: Contention | null | undefined) => race?.method === 'final';
  const allOver = contention !== undefined && over(contention.week) && (contention.season === null || over(contention.season));
  let body;
  if (live.isError) body = <Alert severity="error">Failed to load who can still win</Alert>;
  else if (!contention) body = <Typography color="text.secondary">Loading who can still win…</Typography>;
  else {
    const { week, season } = contention;
    body = (
      <>
        {over(week) ? (
          <RaceWinners race={week} title={CONTENTION_TEXTS.week} highlightUserId={highlightUserId} />
        ) : (
          <ContentionList race={week} title={CONTENTION_TEXTS.week} highlightUserId={highlightUserId} />
        )}
        {season &&
          (over(season) ? (
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
        {allOver ? WINNER_TEXTS.heading : CONTENTION_TEXTS.heading}
      </Typography>
      {body}
    </Paper>
  );
}
