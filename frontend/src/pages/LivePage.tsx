import { useInfiniteQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { api } from '../api/client';
import { failureText } from '../api/failure';
import { useSeason } from '../api/member';
import type { LiveBoard, LiveMembers, PickGrid, PickGridCell } from '../api/types';
import { LiveGameCard } from '../components/live/LiveGameCard';
import { LiveLeaderboard } from '../components/live/LiveLeaderboard';
import { pollInterval, useLiveBoard } from '../components/live/useLiveBoard';
import { pickFormatOf } from '../components/picks/poolFormat';
import { lazySection } from '../components/lazySection';
import { PlainAlert } from '../components/plain/PlainAlert';
import '../components/cards.css';
import './LivePage.css';
import { useShownWhenReady } from '../components/useShownWhenReady';
import { formatClock } from '../format';
import { useSession } from '../session/session';

// Past the first screenful on a phone: who can still win and everyone's picks come from a chunk of their own.
const LiveContention = lazySection(() => import('../components/live/LiveSections').then((module) => module.LiveContention));
const LivePicks = lazySection(() => import('../components/live/LiveSections').then((module) => module.LivePicks));
// The survivor card (a season whose survivor contest covers the week), from the same chunk.
const LiveSurvivor = lazySection(() => import('../components/live/LiveSections').then((module) => module.LiveSurvivor));

/** How many more rows of everyone's picks each "Show more" asks for. */
export const LIVE_MORE_ROWS = 50;

type Row = LiveBoard['members'][number];

/**
 * The pick grid's shape from the board's games and rows: the board's first rows, the pages asked for since, and the
 * member's own row after them when it is not among them (each member once: a row that moved between pages is kept
 * where it was first read).
 */
function gridOf(board: LiveBoard, more: Row[]): PickGrid {
  const seen = new Set<number>();
  const members: Row[] = [];
  for (const row of [...board.members, ...more, ...(board.me ? [board.me.row] : [])]) {
    if (seen.has(row.user.id)) continue;
    seen.add(row.user.id);
    members.push(row);
  }
  return { week: { id: board.week.id, number: board.week.number }, games: board.games, members };
}

/**
 * The rest of everyone's picks, LIVE_MORE_ROWS at a time from the week's GET /live/members, asked for only when the
 * member taps "Show more"; the pages read so far are read again whenever the board changes.
 */
function useMoreRows(board: LiveBoard | undefined) {
  const weekId = board?.week.id;
  const more = useInfiniteQuery({
    queryKey: ['live', 'members', weekId],
    queryFn: ({ pageParam }) => api<LiveMembers>(`/weeks/${weekId}/live/members?offset=${pageParam}&limit=${LIVE_MORE_ROWS}`),
    initialPageParam: board?.members.length ?? 0,
    getNextPageParam: (last) => (last.offset + last.members.length < last.total ? last.offset + last.members.length : undefined),
    enabled: false,
  });
  const version = board?.version;
  const { data, refetch } = more;
  const loaded = data !== undefined;
  // The board the pages were read with: a new version reads them again.
  const readWith = useRef(version);
  useEffect(() => {
    if (!loaded) readWith.current = version;
    else if (readWith.current !== version) {
      readWith.current = version;
      void refetch();
    }
  }, [version, loaded, refetch]);
  const rows = useMemo(() => data?.pages.flatMap((page) => page.members) ?? [], [data]);
  const hasMore = board ? (data ? more.hasNextPage : board.member_count > board.members.length) : false;
  return { rows, hasMore, loading: more.isFetching, failed: more.isError, load: () => void more.fetchNextPage() };
}

/**
 * `/live` (docs/saturday.md#the-live-board): the current week's games with live scores, the projected leaderboard,
 * who can still win the week and the season, and everyone's picks. The board sends the first rows and the member's
 * own (their pick shows on each game's card); the rest of the picks load on demand. It polls every 15 s while the tab
 * is in view with the last ETag (a 304 changes nothing), and redraws in place. `?poll=<ms>` shortens the interval
 * (tests).
 * Phone first: one column at 390 px, the pick grid scrolls inside its own box.
 */
export default function LivePage() {
  const { search } = useLocation();
  const pollMs = useMemo(() => pollInterval(search), [search]);
  const { user } = useSession();
  const live = useLiveBoard('/live', pollMs);
  const board = live.data?.board;
  const season = useSeason(board?.week.football_season_id ?? null);
  const spread = pickFormatOf(season.data?.rules).spread;
  const more = useMoreRows(board);
  const grid = useMemo(() => (board ? gridOf(board, more.rows) : null), [board, more.rows]);
  // The member's own pick of each game, for its card.
  const mine = useMemo(() => new Map<number, PickGridCell>((board?.me?.row.picks ?? []).map((cell) => [cell.game_id, cell])), [board?.me]);

  const boardShown = useShownWhenReady(board !== undefined);

  let body;
  if (!board || !boardShown) {
    body = live.isError && !board ? (
      <PlainAlert severity="error">{failureText(live.error, 'Failed to load the live board')}</PlainAlert>
    ) : (
      <p className="tg-body1 tg-muted">Loading the live board…</p>
    );
  } else {
    body = (
      <>
        <section className="tg-card live-section" aria-labelledby="live-games-heading">
          <h2 id="live-games-heading" className="tg-h6 tg-gutter">
            Games
          </h2>
          {board.games.length === 0 ? (
            <p className="tg-body1 tg-muted">No games this week.</p>
          ) : (
            <div aria-live="polite" aria-label="Scores" role="region" className="live-games">
              {board.games.map((game) => (
                <LiveGameCard key={game.id} game={game} spread={spread} mine={mine.get(game.id)} />
              ))}
            </div>
          )}
        </section>

        {board.survivor && (
          <Suspense fallback={null}>
            <LiveSurvivor survivor={board.survivor} />
          </Suspense>
        )}

        <section className="tg-card live-section" aria-labelledby="live-leaderboard-heading">
          <h2 id="live-leaderboard-heading" className="tg-h6 tg-gutter">
            Projected leaderboard
          </h2>
          {board.members.length === 0 ? (
            <p className="tg-body1 tg-muted">No picks yet.</p>
          ) : (
            <LiveLeaderboard members={board.members} highlightUserId={user?.id} own={board.me?.row} total={board.member_count} />
          )}
        </section>

        <Suspense fallback={null}>
          <LiveContention board={board} highlightUserId={user?.id} />
          {grid && grid.members.length > 0 && <LivePicks grid={grid} board={board} more={more} moreRows={LIVE_MORE_ROWS} highlightUserId={user?.id} />}
        </Suspense>
      </>
    );
  }

  return (
    <div className="tg-container tg-container--md tg-page">
      <h1 className="tg-page-title">Live board</h1>
      {board && boardShown && (
        <div className="live-week">
          <p className="tg-body1 tg-muted">
            Week {board.week.number} · {board.week.season_name}
          </p>
          <p className="tg-body2 tg-muted" data-testid="live-updated">
            Updated {formatClock(live.data!.checkedAt)}
          </p>
          {live.isError && <p className="tg-body2 tg-error-text">Could not update; trying again.</p>}
        </div>
      )}
      {body}
    </div>
  );
}
