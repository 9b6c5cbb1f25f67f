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
import { PlainAlert } from '../components/plain/PlainAlert';
import '../components/cards.css';
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
  if (selection.seasons.isError) leaderboard = <PlainAlert severity="error">{RESULTS_TEXTS.seasonsFailed}</PlainAlert>;
  else if (season.isError) leaderboard = <PlainAlert severity="error">{RESULTS_TEXTS.weeksFailed}</PlainAlert>;
  else if (waiting || selection.seasons.isPending) leaderboard = <p className="tg-body1 tg-muted">Loading results…</p>;
  else if (seasonId === null || weekId === null) leaderboard = <p className="tg-body1 tg-muted">{RESULTS_TEXTS.select}</p>;
  else if (results.isError) leaderboard = <PlainAlert severity="error">{RESULTS_TEXTS.failed}</PlainAlert>;
  else if (results.isPending) leaderboard = <p className="tg-body1 tg-muted">Loading results…</p>;
  else if (results.data.length === 0) leaderboard = <p className="tg-body1 tg-muted">{RESULTS_TEXTS.empty}</p>;
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
      <h1 className="tg-page-title">Weekly Results</h1>
      <SeasonWeekSelectors selection={selection} />
    </>
  );
  const settled = useShownWhenReady(!settling);
  if (settled) opened.current = true;
  if (!opened.current) {
    return (
      <div className="tg-container tg-container--md tg-page">
        {heading}
        <p className="tg-body1 tg-muted">Loading results…</p>
      </div>
    );
  }

  // Phone first (docs/member-pages.md#results): the member's own line, the week, the season, the race; the extras after.
  return (
    <div className="tg-container tg-container--md tg-page">
      {heading}
      {user?.admin && (
        <Suspense fallback={<div style={{ marginBottom: 16, height: 36.5 }} />}>
          <CalculateResults weekId={weekId} seasonId={seasonId} />
        </Suspense>
      )}
      <PotCard pot={pot.data} userId={user?.id} showStatus={!user?.admin || rules?.commissioner_plays === true} />
      <YourResults userId={user?.id} weekName={week?.display_name} results={results.data} standings={standings.data} rules={rules} />

      <section className="tg-card tg-section" aria-labelledby="leaderboard-heading">
        <h2 id="leaderboard-heading" className="tg-h6 tg-gutter">
          {week ? `${week.display_name} leaderboard` : 'Leaderboard'}
        </h2>
        {leaderboard}
      </section>

      <section className="tg-card tg-section" aria-labelledby="season-standings-heading">
        <h2 id="season-standings-heading" className="tg-h6 tg-gutter">
          Season Standings
        </h2>
        <Suspense fallback={null}>
          <SeasonStandings standings={standings.data} isError={standings.isError} isPending={seasonId !== null && standings.isPending} highlightUserId={user?.id} rules={rules} winnings={winnings} legend={false} />
        </Suspense>
      </section>
      <Suspense fallback={null}>
        <ResultsGlossary rules={rules} />
      </Suspense>

      <section className="tg-card tg-section" aria-labelledby="season-race-heading">
        <h2 id="season-race-heading" className="tg-h6 tg-gutter">
          Season Race
        </h2>
        {progress.isError ? (
          <PlainAlert severity="error">Failed to load season results</PlainAlert>
        ) : progress.data ? (
          <Suspense fallback={<div style={{ height: 300 }} />}>
            <SeasonRaceChart progress={progress.data} meId={user?.id} />
          </Suspense>
        ) : (
          <p className="tg-body1 tg-muted">{seasonId === null ? RESULTS_TEXTS.select : 'Loading the season race…'}</p>
        )}
      </section>

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
    </div>
  );
}
