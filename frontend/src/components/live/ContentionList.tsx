import CancelIcon from '@mui/icons-material/Cancel';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { Box, Typography } from '@mui/material';
import { memo } from 'react';
import type { Contender, Contention, LiveBoard } from '../../api/types';
import { namesText } from '../results/WeeklyAwards';
import { StatusPill } from '../StatusPill';
import type { Tone } from '../tones';

/** The texts of "Who can still win" (docs/saturday.md#who-can-still-win-srcresultscontentionts). */
export const CONTENTION_TEXTS = {
  heading: 'Who can still win',
  week: 'This week',
  season: 'Season',
  status: { clinched: 'Clinched', can_win: 'Can still win', eliminated: 'Eliminated' } as Record<Contender['status'], string>,
  /** "Wins if Georgia and Texas win". */
  path: (text: string) => `Wins if ${text}`,
  morePaths: (count: number) => `+${count} more ${count === 1 ? 'way' : 'ways'}`,
  points: (contender: Pick<Contender, 'current' | 'max'>) => `${contender.current} pts now, ${contender.max} at most`,
  method: (race: Contention): string => {
    if (race.method === 'final') return 'Every game is decided.';
    if (race.method === 'enumerated') {
      const games = `${race.undecided_games} undecided ${race.undecided_games === 1 ? 'game' : 'games'}`;
      return `Every outcome of the ${games} checked${race.outcomes !== null ? ` (${race.outcomes} outcomes)` : ''}.`;
    }
    const open = race.open_games > 0 ? `, ${race.open_games} still open to picks` : '';
    return `Worked out from the most each member can still reach (${race.undecided_games} undecided${open}).`;
  },
  none: 'No one has picks to count yet.',
  /** The live board sends each race's first contenders: the rest are counted. */
  moreContenders: (count: number) => `+${count} more ${count === 1 ? 'member' : 'members'}`,
};

const TONE: Record<Contender['status'], Tone> = { clinched: 'good', can_win: 'accent', eliminated: 'neutral' };
const ICON = { clinched: <EmojiEventsIcon />, can_win: <TrendingUpIcon />, eliminated: <CancelIcon /> };

/** One member of the race: the chip says the status in words, with an icon and a colour for the eye. */
const ContenderRow = memo(function ContenderRow({ contender, mine }: { contender: Contender; mine: boolean }) {
  return (
    <Box
      component="li"
      data-testid="contender"
      sx={{ py: 0.75, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 }, ...(mine ? { boxShadow: (theme) => `inset 4px 0 0 ${theme.palette.primary.main}`, pl: 1 } : {}) }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography component="span" sx={{ fontWeight: mine ? 700 : 600, minWidth: 0, overflowWrap: 'anywhere' }}>
          {contender.user.name}
        </Typography>
        <StatusPill tone={TONE[contender.status]} icon={ICON[contender.status]}>
          {CONTENTION_TEXTS.status[contender.status]}
        </StatusPill>
        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
          {CONTENTION_TEXTS.points(contender)}
        </Typography>
      </Box>
      {contender.paths && contender.paths.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, typography: 'body2' }}>
          {contender.paths.map((path) => (
            <li key={path.text}>{CONTENTION_TEXTS.path(path.text)}</li>
          ))}
          {contender.more_paths > 0 && <Box component="li" sx={{ listStyle: 'none', color: 'text.secondary' }}>{CONTENTION_TEXTS.morePaths(contender.more_paths)}</Box>}
        </Box>
      )}
    </Box>
  );
});

/**
 * One race (the week or the season): each contender's points now and at most, a status chip, and for an enumerated
 * race the shortest ways to win; one line says how the race was worked out.
 */
export const ContentionList = memo(function ContentionList({
  race,
  title,
  headingLevel = 'h3',
  highlightUserId,
  total,
  mine,
}: {
  race: Contention;
  title: string;
  headingLevel?: 'h2' | 'h3';
  highlightUserId?: number;
  /** How many contenders the race has when `race` lists only the first (the live board's answer). */
  total?: number;
  /** The reader's own place, shown after the list when it is not in it. */
  mine?: Contender | null;
}) {
  const id = `contention-${race.scope}-heading`;
  const listed = race.contenders.some((contender) => contender.user.id === mine?.user.id);
  const more = (total ?? race.contenders.length) - race.contenders.length - (mine && !listed ? 1 : 0);
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 2 }}>
      <Typography id={id} variant="subtitle1" component={headingLevel} sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {CONTENTION_TEXTS.method(race)}
      </Typography>
      {race.contenders.length === 0 ? (
        <Typography color="text.secondary">{CONTENTION_TEXTS.none}</Typography>
      ) : (
        <Box component="ul" aria-label={`${title}: contenders`} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {race.contenders.map((contender) => (
            <ContenderRow key={contender.user.id} contender={contender} mine={contender.user.id === highlightUserId} />
          ))}
          {mine && !listed && <ContenderRow key={mine.user.id} contender={mine} mine />}
        </Box>
      )}
      {more > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {CONTENTION_TEXTS.moreContenders(more)}
        </Typography>
      )}
    </Box>
  );
});

/** The texts of a finished race on the results page and the live board (docs/member-pages.md#results). */
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

/** A race is over once every game of it is decided (`method: final`); its `winners` are then known. */
export const raceOver = (race: Contention | null | undefined): boolean => race?.method === 'final';

/** "Who won" once the week's race and the season's (if any) are both over, else "Who can still win". */
export const contentionHeading = (contention: Pick<LiveBoard['contention'], 'week' | 'season'>): string =>
  raceOver(contention.week) && (contention.season === null || raceOver(contention.season)) ? WINNER_TEXTS.heading : CONTENTION_TEXTS.heading;

/** A race that is over: its winners in one line, instead of a list of everyone else marked eliminated. */
export function RaceWinners({ race, title, highlightUserId, headingLevel = 'h3' }: { race: Contention; title: string; highlightUserId?: number; headingLevel?: 'h2' | 'h3' }) {
  const winners = race.winners ?? [];
  const points = race.contenders.find((contender) => winners.some((winner) => winner.id === contender.user.id))?.current;
  const id = `winners-${race.scope}-heading`;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 2 }}>
      <Typography id={id} variant="subtitle1" component={headingLevel} sx={{ fontWeight: 700 }}>
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
 * The week's race and the season's on the live board. From the live board's answer (`board`): each race's first
 * contenders, the reader's own place after them, and how many more there are; a race that is over names its winners
 * ("Won by …", as on the results page) instead.
 */
export function WhoCanStillWin({
  week,
  season,
  highlightUserId,
  headingLevel = 'h3',
  board,
}: {
  week: Contention;
  season: Contention | null;
  highlightUserId?: number;
  headingLevel?: 'h2' | 'h3';
  board?: Pick<LiveBoard, 'contention' | 'me'>;
}) {
  return (
    <>
      {raceOver(week) ? (
        <RaceWinners race={week} title={CONTENTION_TEXTS.week} highlightUserId={highlightUserId} headingLevel={headingLevel} />
      ) : (
        <ContentionList race={week} title={CONTENTION_TEXTS.week} highlightUserId={highlightUserId} headingLevel={headingLevel} total={board?.contention.week_contenders} mine={board?.me?.week} />
      )}
      {season && raceOver(season) && <RaceWinners race={season} title={CONTENTION_TEXTS.season} highlightUserId={highlightUserId} headingLevel={headingLevel} />}
      {season && !raceOver(season) && (
        <ContentionList
          race={season}
          title={CONTENTION_TEXTS.season}
          highlightUserId={highlightUserId}
          headingLevel={headingLevel}
          total={board?.contention.season_contenders ?? undefined}
          mine={board?.me?.season}
        />
      )}
    </>
  );
}
