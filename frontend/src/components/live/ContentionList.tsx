import CancelIcon from '@mui/icons-material/Cancel';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { Box, Typography } from '@mui/material';
import { memo } from 'react';
import type { Contender, Contention, LiveBoard } from '../../api/types';
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

/**
 * The week's race and the season's, as the live board and the results page show them. From the live board's answer
 * (`board`): each race's first contenders, the reader's own place after them, and how many more there are.
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
      <ContentionList race={week} title={CONTENTION_TEXTS.week} highlightUserId={highlightUserId} headingLevel={headingLevel} total={board?.contention.week_contenders} mine={board?.me?.week} />
      {season && (
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
