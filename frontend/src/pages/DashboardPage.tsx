import { lazy, type MouseEvent, Suspense, useCallback, useMemo, useState } from 'react';
import { failureText } from '../api/failure';
import { useGames, useMyPicks, usePot, useSurvivorSummary, useWeeklyResults } from '../api/member';
import { type PickExtras, useSavePick, useSavePickExtras } from '../api/picks';
import { PotCard } from '../components/pot/PotCard';
import { winningsOf } from '../components/pot/money';
import type { Game, Pick } from '../api/types';
import { PICK_SAVED_NOTICE_MS } from '../constants';
import { Notice, type NoticeState } from '../components/Notice';
import { PushOptIn } from '../components/notifications/PushOptIn';
import { GameCard } from '../components/picks/GameCard';
import { PickStatusSummary } from '../components/picks/PickStatusSummary';
import { deadlineStatusAt, inKickoffOrder, PICK_TEXTS } from '../components/picks/pickRules';
import { pickFormatOf } from '../components/picks/poolFormat';
import { HOW_IT_WORKS_ID, HOW_IT_WORKS_TEXTS, HowItWorks } from '../components/HowItWorks';
import { SeasonRulesCard } from '../components/SeasonRulesCard';
import { SeasonWeekSelectors, useSeasonWeek } from '../components/SeasonWeekSelectors';
import { lazySection } from '../components/lazySection';
import { AdminPanelSettingsIcon, GroupsIcon } from '../components/plain/pageIcons';
import { PlainAlert } from '../components/plain/PlainAlert';
import { ButtonLink, PlainButton } from '../components/plain/PlainButton';
import { Loading } from '../components/plain/Spinner';
import { useNow } from '../components/useNow';
import { useShownWhenReady } from '../components/useShownWhenReady';
import { useSession } from '../session/session';
import { RESULTS_TEXTS } from '../components/results/leaderboard';
import '../components/cards.css';
import './DashboardPage.css';

// Only loaded when opened: the grid's dialog and table stay out of the dashboard chunk.
const PickGridDialog = lazy(() => import('../components/picks/PickGridDialog'));
// Only in a season with a survivor contest, from a chunk of its own.
const SurvivorCard = lazy(() => import('../components/survivor/SurvivorCard'));
// Below the games on a phone, from a chunk of its own: the standings (with their own request for them).
const StandingsTable = lazySection(() => import('../components/StandingsTable').then((module) => module.StandingsTable));

export const ADMIN_LINKS = [
  { to: '/admin/conferences', label: 'Conferences' },
  { to: '/admin/teams', label: 'Teams' },
  { to: '/admin/weeks', label: 'Weeks' },
  { to: '/admin/games', label: 'Games' },
  { to: '/admin/users', label: 'Users' },
];

export const LOAD_TEXTS = {
  seasons: RESULTS_TEXTS.seasonsFailed,
  weeks: RESULTS_TEXTS.weeksFailed,
  games: 'Failed to load games',
  picks: 'Failed to load picks',
  noSeasons: 'No football seasons yet.',
} as const;

function AdminPanel() {
  return (
    <section className="tg-card" aria-labelledby="admin-links" style={{ padding: 16, marginBottom: 16 }}>
      <div className="dashboard__head">
        <h2 id="admin-links" className="tg-h6">
          Admin Links
        </h2>
        <ButtonLink variant="contained" to="/admin" startIcon={<AdminPanelSettingsIcon />}>
          Admin Management
        </ButtonLink>
      </div>
      <nav aria-label="Admin links" className="dashboard__links">
        {ADMIN_LINKS.map((link) => (
          <ButtonLink key={link.to} variant="outlined" size="small" to={link.to}>
            {link.label}
          </ButtonLink>
        ))}
      </nav>
    </section>
  );
}

/**
 * `/dashboard`: the week's games and the member's picks, the pick status, and the season standings. Admins make no
 * picks here, unless the season lets the commissioner play (docs/pool-formats.md).
 */
export default function DashboardPage() {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const selection = useSeasonWeek();
  const { seasons, season, seasonId, weekId, week } = selection;
  const rules = season.data?.rules;
  const pot = usePot(seasonId);
  const survivor = useSurvivorSummary(seasonId, seasonId !== null);
  // A season without its pick'em (docs/pool-formats.md#survivor) leads with survivor and shows no pick'em cards.
  const pickem = rules?.pickem !== false;
  const format = useMemo(() => pickFormatOf(rules), [rules]);
  const picking = !isAdmin || rules?.commissioner_plays === true;
  const games = useGames(weekId);
  const picks = useMyPicks(weekId, user?.id, picking);
  const savePick = useSavePick(weekId, user?.id);
  const saveExtras = useSavePickExtras(weekId, user?.id);
  // A finished week says how the member did: their record and rank from the week's calculated results.
  const finished = picking && week?.status === 'past';
  const results = useWeeklyResults(seasonId, finished ? weekId : null);
  const ownResult = results.data?.find((result) => result.user.id === user?.id);
  const weekResult = ownResult && results.data ? { result: ownResult, of: results.data.length } : undefined;
  const now = useNow();
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [gridOpen, setGridOpen] = useState(false);
  const [howOpen, setHowOpen] = useState(false);
  // The link by the pick status opens "How this pool works" below the picks and brings it into view.
  const showHowItWorks = useCallback((event: MouseEvent) => {
    event.preventDefault();
    setHowOpen(true);
    requestAnimationFrame(() => document.getElementById(HOW_IT_WORKS_ID)?.scrollIntoView({ block: 'start' }));
  }, []);
  // Confidence: the game whose points badge was tapped first; the next tap on another game's badge swaps the two.
  const [swapFrom, setSwapFrom] = useState<number | null>(null);

  const ordered = useMemo(() => inKickoffOrder(games.data ?? []), [games.data]);
  const picksByGame = useMemo(() => new Map((picks.data ?? []).map((pick) => [pick.game_id, pick])), [picks.data]);
  const anyLocked = week?.status === 'past' || ordered.some((game) => deadlineStatusAt(game, now) === 'closed');

  const handlePick = useCallback(
    (game: Game, team: string, scores?: { home: number; away: number }) => {
      savePick({ game, team, scores, existing: picksByGame.get(game.id) }).then(
        () => setNotice({ severity: 'success', message: PICK_TEXTS.saved(game, team), durationMs: PICK_SAVED_NOTICE_MS, key: Date.now() }),
        (error: unknown) =>
          setNotice({
            severity: 'error',
            message: `${PICK_TEXTS.saveFailedPrefix}${failureText(error, PICK_TEXTS.saveFailedFallback)}`,
            durationMs: null,
            key: Date.now(),
          }),
      );
    },
    [savePick, picksByGame],
  );

  const saveChange = useCallback(
    (pick: Pick, change: PickExtras) =>
      saveExtras(pick, change).catch((error: unknown) =>
        setNotice({ severity: 'error', message: `${PICK_TEXTS.saveFailedPrefix}${failureText(error, PICK_TEXTS.saveFailedFallback)}`, durationMs: null, key: Date.now() }),
      ),
    [saveExtras],
  );

  // One POST for the first tapped game with the second's number: the server gives the second the first's number.
  const tapPoints = useCallback(
    (game: Game) => {
      const first = swapFrom === null ? undefined : picksByGame.get(swapFrom);
      // A first tap (or one on a game of another week) selects; tapping the selected badge again lets go.
      if (!first || swapFrom === game.id) {
        setSwapFrom(swapFrom === game.id ? null : game.id);
        return;
      }
      setSwapFrom(null);
      const second = picksByGame.get(game.id);
      if (!second) return;
      if (second.confidence != null) void saveChange(first, { confidence: second.confidence });
      else if (first.confidence != null) void saveChange(second, { confidence: first.confidence });
    },
    [swapFrom, picksByGame, saveChange],
  );

  const toggleLock = useCallback(
    (game: Game, lock: boolean) => {
      const pick = picksByGame.get(game.id);
      if (pick) void saveChange(pick, { is_lock: lock });
    },
    [picksByGame, saveChange],
  );

  // The week is shown once its games (and the member's picks) are in, all at once: nothing jumps as parts arrive.
  const loadingWeek =
    seasons.isPending ||
    selection.waiting ||
    (seasonId !== null && season.isPending) ||
    (weekId !== null && (games.isPending || (picking && user !== null && picks.isPending) || (finished && results.isPending)));
  const weekShown = useShownWhenReady(!loadingWeek);
  const loadError = seasons.isError ? LOAD_TEXTS.seasons : season.isError ? LOAD_TEXTS.weeks : games.isError ? LOAD_TEXTS.games : picks.isError ? LOAD_TEXTS.picks : null;

  return (
    <div className="tg-container tg-page">
      <h1 className="tg-page-title" style={{ overflowWrap: 'anywhere' }}>
        Welcome back, {user?.email || 'User'}
      </h1>
      {isAdmin && (
        <div style={{ marginTop: 16 }}>
          <AdminPanel />
        </div>
      )}
      <SeasonWeekSelectors selection={selection} />
      {survivor.data?.contest && (
        <Suspense fallback={null}>
          <SurvivorCard summary={survivor.data} />
        </Suspense>
      )}
      <PotCard pot={pot.data} userId={user?.id} showStatus={!isAdmin || rules?.commissioner_plays === true} />
      <SeasonRulesCard summary={season.data?.rules_summary} />
      {picking && <PushOptIn placement="dashboard" />}
      {loadError && (
        <PlainAlert severity="error" style={{ marginBottom: 16 }}>
          {loadError}
        </PlainAlert>
      )}
      {seasons.data?.length === 0 && <PlainAlert severity="info">{LOAD_TEXTS.noSeasons}</PlainAlert>}

      {!pickem ? null : !weekShown ? (
        <Loading role="status" aria-label="Loading the week" />
      ) : (
        <div className={`dashboard__grid${picking ? ' dashboard__grid--picking' : ''}`}>
          {picking && (
            <div style={{ gridArea: 'summary' }}>
              <PickStatusSummary games={ordered} picks={picks.data ?? []} weekStatus={week?.status} now={now} weekResult={weekResult} joinedAt={user?.created_at}>
                <a href={`#${HOW_IT_WORKS_ID}`} onClick={showHowItWorks} className="tg-link tg-body2" style={{ display: 'inline-block', marginTop: 8 }}>
                  {HOW_IT_WORKS_TEXTS.link}
                </a>
              </PickStatusSummary>
            </div>
          )}
          <section aria-labelledby="games-heading" style={{ gridArea: 'games' }}>
            <div className="dashboard__head">
              <h2 id="games-heading" className="tg-h6">
                {week ? `${week.display_name} games` : 'Games'}
              </h2>
              {weekId !== null && (anyLocked || isAdmin) && ordered.length > 0 && (
                <PlainButton size="small" variant="outlined" startIcon={<GroupsIcon />} onClick={() => setGridOpen(true)}>
                  Everyone&apos;s picks
                </PlainButton>
              )}
            </div>
            {games.isSuccess && ordered.length === 0 ? (
              <p className="tg-body1 tg-muted">{PICK_TEXTS.noGames}</p>
            ) : (
              <div className="dashboard__games">
                {ordered.map((game) => (
                  <GameCard
                    key={game.id}
                    game={game}
                    pick={picksByGame.get(game.id)}
                    weekStatus={week?.status}
                    canPick={picking}
                    now={now}
                    onPick={handlePick}
                    format={format}
                    swapSelected={swapFrom === game.id}
                    onPointsTap={tapPoints}
                    onLock={toggleLock}
                  />
                ))}
              </div>
            )}
          </section>
          <div style={{ gridArea: 'standings' }}>
            <Suspense fallback={null}>
              <StandingsTable seasonId={seasonId} highlightUserId={user?.id} rules={rules} winnings={winningsOf(pot.data)} />
            </Suspense>
          </div>
          <div style={{ gridArea: 'how' }}>
            <HowItWorks rules={rules} summary={season.data?.rules_summary} open={howOpen} onToggle={setHowOpen} />
          </div>
        </div>
      )}

      {gridOpen && pickem && weekId !== null && (
        <Suspense fallback={null}>
          <PickGridDialog weekId={weekId} weekName={week?.display_name ?? 'this week'} open={gridOpen} onClose={() => setGridOpen(false)} highlightUserId={user?.id} />
        </Suspense>
      )}
      <Notice notice={notice} onClose={() => setNotice(null)} />
    </div>
  );
}
