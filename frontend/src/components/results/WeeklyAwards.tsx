import { Alert, Paper, Typography } from '@mui/material';
import { styled } from '@mui/material/styles';
import { useWeekAwards } from '../../api/results';
import type { WeeklyAwards as Awards } from '../../api/types';

/** "Ana", "Ana and Ben", "Ana, Ben and Cy". */
export function namesText(members: { name: string }[]): string {
  const names = members.map((member) => member.name);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The texts of docs/saturday.md#weekly-awards. */
export const AWARDS_TEXTS = {
  heading: 'Weekly awards',
  notYet: "Awards come once the week's results are calculated.",
  perfect: 'Perfect week',
  noPerfect: 'Nobody got every game right.',
  contrarian: 'Best contrarian pick',
  /** "Ana picked Georgia — only 12.5% did". */
  contrarianText: (award: NonNullable<Awards['contrarian']>) => `${namesText(award.pickers)} picked ${award.team_name} — only ${award.share}% did`,
  noContrarian: 'No winning pick was made by fewer than half.',
  closest: 'Closest tiebreaker',
  closestText: (award: NonNullable<Awards['closest_tiebreaker']>) => `${namesText(award.members)}, ${award.tiebreaker_score} off`,
  noClosest: 'No tiebreaker guesses to compare.',
  failed: 'Failed to load the awards',
};

/** The awards as plain list items styled once for the list (an MUI element each cost a style pass). */
const AwardList = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  '& > li': { padding: theme.spacing(0.75, 0), borderTop: `1px solid ${theme.palette.divider}` },
  '& > li:first-of-type': { borderTop: 0 },
  '& h3': { ...theme.typography.subtitle2, margin: 0, fontWeight: 700 },
  '& p': { ...theme.typography.body1, margin: 0 },
  '& p.detail': { ...theme.typography.body2, color: theme.palette.text.secondary },
}));

function Award({ title, children, detail }: { title: string; children: string; detail?: string }) {
  return (
    <li>
      <h3>{title}</h3>
      <p>{children}</p>
      {detail && <p className="detail">{detail}</p>}
    </li>
  );
}

/** The week's awards on the results page: perfect week, the best contrarian pick and the closest tiebreaker. */
export function WeeklyAwards({ awards, isError, isPending }: { awards: Awards | undefined; isError: boolean; isPending: boolean }) {
  if (isError) return <Alert severity="error">{AWARDS_TEXTS.failed}</Alert>;
  if (isPending || !awards) return <Typography color="text.secondary">Loading the awards…</Typography>;
  if (!awards.calculated) return <Typography color="text.secondary">{AWARDS_TEXTS.notYet}</Typography>;
  return (
    <AwardList>
      <Award title={AWARDS_TEXTS.perfect}>{awards.perfect_week.length ? namesText(awards.perfect_week) : AWARDS_TEXTS.noPerfect}</Award>
      <Award title={AWARDS_TEXTS.contrarian} detail={awards.contrarian?.matchup}>
        {awards.contrarian ? AWARDS_TEXTS.contrarianText(awards.contrarian) : AWARDS_TEXTS.noContrarian}
      </Award>
      <Award title={AWARDS_TEXTS.closest}>{awards.closest_tiebreaker ? AWARDS_TEXTS.closestText(awards.closest_tiebreaker) : AWARDS_TEXTS.noClosest}</Award>
    </AwardList>
  );
}

/**
 * The awards' section of the results page, below the season race: from a chunk of its own (`lazySection`), reading
 * the week's awards itself, so their answer redraws this section and not the whole page.
 */
export function WeeklyAwardsSection({ weekId }: { weekId: number | null }) {
  const awards = useWeekAwards(weekId);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="awards-heading" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <Typography id="awards-heading" variant="h6" component="h2" gutterBottom>
        {AWARDS_TEXTS.heading}
      </Typography>
      <WeeklyAwards awards={awards.data} isError={awards.isError} isPending={awards.isPending} />
    </Paper>
  );
}
