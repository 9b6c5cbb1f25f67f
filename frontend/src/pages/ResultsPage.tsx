import { Alert, Box, Container, Paper, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, memo, Suspense, useEffect, useMemo, useRef } from 'react';
import { usePot, useStandings, useWeeklyResults } from '../api/member';
import { useSeasonProgress, weekAwardsQuery } from '../api/results';
import { PotCard as PotCardOf } from '../components/pot/PotCard';
import { winningsOf } from '../components/pot/money';
import { Leaderboard as LeaderboardOf } from '../components/results/Leaderboard';
import { RESULTS_TEXTS } from '../components/results/leaderboard';
import { lastScoredWeekId } from '../components/results/seasonRace';
import { YourResults as YourResultsOf } from '../components/results/YourResults';
import { SeasonRulesCard as SeasonRulesCardOf } from '../components/SeasonRulesCard';
import { type SeasonWeekSelection, SeasonWeekSelectors, useSeasonWeek } from '../components/SeasonWeekSelectors';
import { lazySection } from '../components/lazySection';
import { useShownWhenReady } from '../components/useShownWhenReady';
import { useSession } from '../session/session';

// Each answer that lands (the pot, the season race, a later refetch) redraws the page: its sections are memoized, so
// only those whose data changed draw again (each MUI element costs a style pass on a phone).
const PotCard = memo(PotCardOf);
const Leaderboard = memo(LeaderboardOf);
const YourResults = memo(YourResultsOf);
const SeasonRulesCard = memo(SeasonRulesCardOf);
// The charting library is only ever downloaded with this chart.
const SeasonRaceChart = lazy(() => import('../components/results/SeasonRaceChart').then((module) => ({ default: memo(module.default) })));
// Past the first screenful on a phone, from chunks of their own: the season standings and the glossary (below the
// week's leaderboard), who won or can still win and the week's awards (below the season race).
const SeasonStandings = lazySection(() => import('../components/results/SeasonStandings').then((module) => memo(module.SeasonStandings)));
const ResultsGlossary = lazySection(() => import('../components/results/ResultsGlossary').then((module) => memo(module.ResultsGlossary)));
const ResultsContention = lazySection(() => import('../components/results/ResultsContention').then((module) => memo(module.ResultsContention)));
const WeeklyAwardsSection = lazySection(() => import('../components/results/WeeklyAwards').then((module) => memo(module.WeeklyAwardsSection)));
// Only an admin draws Calculate Results: its chunk (and TanStack Query's mutation code) is fetched when an admin opens
// the page, beside its first requests for data; a member's page never loads it.
const loadCalculateResults = () => import('../components/results/CalculateResults');
const CalculateResults = lazy(() => loadCalculateResults().then((module) => ({ default: module.CalculateResults })));

/**
 * The season and week of the screen: until the member picks a week, the season's last week with calculated results
 * (so the screen never opens on an unscored week), else the default of docs/product.md#states (the current week, else the first).
 */
function useResultsWeek(): { selection: SeasonWeekSelection; progress: ReturnType<typeof useSeasonProgress>; waiting: boolean } {
  const base = useSeasonWeek();
  const progress = useSeasonProgress(base.seasonId);
  const waiting = base.waiting || (!base.weekChosen && base.seasonId !== null && progress.isPending);
  if (base.weekChosen) return { selection: base, progress, waiting };
  const weekId = waiting ? null : (lastScoredWeekId(progress.data) ?? base.weekId);
  const week = base.season.data?.weeks?.find((candidate) => candidate.id === weekId);
  return { selection: { ...base, weekId, week }, progress, waiting };
}

/**
 * `/results` (docs/product.md#screens): the member's own results, the weekly leaderboard, the admins' Calculate Results, the
 * season standings and the season race, then who won or can still win, the week's awards and the season's rules.
 */
export default function ResultsPage() {
  const { user } = useSession();
  const { selection, progress, waiting } = useResultsWeek();
  const { season, seasonId, weekId, week } = selection;
  const results = useWeeklyResults(seasonId, weekId);
  const standings = useStandings(seasonId);
  const queryClient = useQueryClient();
  const opened = useRef(false);
  const rules = season.data?.rules;
  const pot = usePot(seasonId);
  const winnings = useMemo(() => winningsOf(pot.data), [pot.data]);
  useEffect(() => {
    if (user?.admin) void loadCalculateResults();
  }, [user?.admin]);
  // The awards are asked for beside the first screenful's answers; their section reads them (not the page, which
  // their answer would redraw whole).
  useEffect(() => {
    if (weekId !== null) void queryClient.prefetchQuery(weekAwardsQuery(weekId));
  }, [queryClient, weekId]);

  let leaderboard;
  if (selection.seasons.isError) leaderboard = <Alert severity="error">{RESULTS_TEXTS.seasonsFailed}</Alert>;
  else if (season.isError) leaderboard = <Alert severity="error">{RESULTS_TEXTS.weeksFailed}</Alert>;
  else if (waiting || selection.seasons.isPending) leaderboard = <Typography color="text.secondary">Loading results…</Typography>;
  else if (seasonId === null || weekId === null) leaderboard = <Typography color="text.secondary">{RESULTS_TEXTS.select}</Typography>;
  else if (results.isError) leaderboard = <Alert severity="error">{RESULTS_TEXTS.failed}</Alert>;
  else if (results.isPending) leaderboard = <Typography color="text.secondary">Loading results…</Typography>;
  else if (results.data.length === 0) leaderboard = <Typography color="text.secondary">{RESULTS_TEXTS.empty}</Typography>;
  else leaderboard = <Leaderboard results={results.data} highlightUserId={user?.id} rules={rules} legend={false} />;

  // On opening, until the first screenful's answers are in, only the heading, the selectors and the loading line: the
  // sections then arrive together instead of pushing each other down as each answer lands (layout shift,
  // member-pages.md). Choosing another week later keeps the sections in place.
  const settling =
    !selection.seasons.isError &&
    !season.isError &&
    (waiting ||
      selection.seasons.isPending ||
      (seasonId !== null && season.isPending) ||
      (seasonId !== null && weekId !== null && results.isPending) ||
      (seasonId !== null && standings.isPending));
  const heading = (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: 'clamp(1.4rem, 5vw, 2.1rem)' }}>
        Weekly Results
      </Typography>
      <SeasonWeekSelectors selection={selection} />
    </>
  );
  const settled = useShownWhenReady(!settling);
  if (settled) opened.current = true;
  if (!opened.current) {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
        {heading}
        <Typography color="text.secondary">Loading results…</Typography>
      </Container>
    );
  }

  // Phone first (docs/member-pages.md#results): the member's own line, the week, the season, the race; the extras after.
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
      {heading}
      {user?.admin && (
        <Suspense fallback={<Box sx={{ mb: 2, height: 36.5 }} />}>
          <CalculateResults weekId={weekId} seasonId={seasonId} />
        </Suspense>
      )}
      <PotCard pot={pot.data} userId={user?.id} showStatus={!user?.admin || rules?.commissioner_plays === true} />
      <YourResults userId={user?.id} weekName={week?.display_name} results={results.data} standings={standings.data} rules={rules} />

      <Paper variant="outlined" component="section" aria-labelledby="leaderboard-heading" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Typography id="leaderboard-heading" variant="h6" component="h2" gutterBottom>
          {week ? `${week.display_name} leaderboard` : 'Leaderboard'}
        </Typography>
        {leaderboard}
      </Paper>

      <Paper variant="outlined" component="section" aria-labelledby="season-standings-heading" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Typography id="season-standings-heading" variant="h6" component="h2" gutterBottom>
          Season Standings
        </Typography>
        <Suspense fallback={null}>
          <SeasonStandings standings={standings.data} isError={standings.isError} isPending={seasonId !== null && standings.isPending} highlightUserId={user?.id} rules={rules} winnings={winnings} legend={false} />
        </Suspense>
      </Paper>
      <Suspense fallback={null}>
        <ResultsGlossary rules={rules} />
      </Suspense>

      <Paper variant="outlined" component="section" aria-labelledby="season-race-heading" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Typography id="season-race-heading" variant="h6" component="h2" gutterBottom>
          Season Race
        </Typography>
        {progress.isError ? (
          <Alert severity="error">Failed to load season results</Alert>
        ) : progress.data ? (
          <Suspense fallback={<Box sx={{ height: 300 }} />}>
            <SeasonRaceChart progress={progress.data} meId={user?.id} />
          </Suspense>
        ) : (
          <Typography color="text.secondary">{seasonId === null ? RESULTS_TEXTS.select : 'Loading the season race…'}</Typography>
        )}
      </Paper>

      {weekId !== null && (
        <>
          <Suspense fallback={null}>
            <ResultsContention weekId={weekId} highlightUserId={user?.id} />
          </Suspense>
          <Suspense fallback={null}>
            <WeeklyAwardsSection weekId={weekId} />
          </Suspense>
        </>
      )}
      <SeasonRulesCard summary={season.data?.rules_summary} />
    </Container>
  );
}
