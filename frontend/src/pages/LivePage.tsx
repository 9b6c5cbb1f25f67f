import { Alert, Box, Container, Paper, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { errorText } from '../api/client';
import { useSeason } from '../api/member';
import type { LiveBoard, PickGrid } from '../api/types';
import { CONTENTION_TEXTS, WhoCanStillWin } from '../components/live/ContentionList';
import { LiveGameCard } from '../components/live/LiveGameCard';
import { LiveLeaderboard } from '../components/live/LiveLeaderboard';
import { pollInterval, useLiveBoard } from '../components/live/useLiveBoard';
import { GridTable, Legend } from '../components/picks/PickGrid';
import { pickFormatOf } from '../components/picks/poolFormat';
import { formatClock } from '../format';
import { useSession } from '../session/session';

const sectionSx = { p: { xs: 1.25, sm: 2 }, mb: 2 } as const;

/** The pick grid's shape from the board's games and rows (the board carries the grid's rows as every member sees them). */
const gridOf = (board: LiveBoard): PickGrid => ({ week: { id: board.week.id, number: board.week.number }, games: board.games, members: board.members });

/**
 * `/live` (docs/saturday.md#the-live-board): the current week's games with live scores, the projected leaderboard,
 * who can still win the week and the season, and everyone's picks. It polls every 15 s while the tab is in view
 * with the last ETag (a 304 changes nothing), and redraws in place. `?poll=<ms>` shortens the interval (tests).
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
  const grid = useMemo(() => (board ? gridOf(board) : null), [board]);

  let body;
  if (!board) {
    body = live.isError ? (
      <Alert severity="error">{errorText(live.error, 'Failed to load the live board')}</Alert>
    ) : (
      <Typography color="text.secondary">Loading the live board…</Typography>
    );
  } else {
    const weekName = `Week ${board.week.number}`;
    body = (
      <>
        <Paper variant="outlined" component="section" aria-labelledby="live-games-heading" sx={sectionSx}>
          <Typography id="live-games-heading" variant="h6" component="h2" gutterBottom>
            Games
          </Typography>
          {board.games.length === 0 ? (
            <Typography color="text.secondary">No games this week.</Typography>
          ) : (
            <Box aria-live="polite" aria-label="Scores" role="region" sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {board.games.map((game) => (
                <LiveGameCard key={game.id} game={game} spread={spread} />
              ))}
            </Box>
          )}
        </Paper>

        <Paper variant="outlined" component="section" aria-labelledby="live-leaderboard-heading" sx={sectionSx}>
          <Typography id="live-leaderboard-heading" variant="h6" component="h2" gutterBottom>
            Projected leaderboard
          </Typography>
          {board.members.length === 0 ? (
            <Typography color="text.secondary">No picks yet.</Typography>
          ) : (
            <LiveLeaderboard members={board.members} highlightUserId={user?.id} />
          )}
        </Paper>

        <Paper variant="outlined" component="section" aria-labelledby="live-contention-heading" sx={sectionSx}>
          <Typography id="live-contention-heading" variant="h6" component="h2" gutterBottom>
            {CONTENTION_TEXTS.heading}
          </Typography>
          <WhoCanStillWin week={board.contention.week} season={board.contention.season} highlightUserId={user?.id} />
        </Paper>

        {grid && grid.members.length > 0 && (
          <Paper variant="outlined" component="section" aria-labelledby="live-picks-heading" sx={{ ...sectionSx, px: { xs: 0.75, sm: 2 } }}>
            <Typography id="live-picks-heading" variant="h6" component="h2" gutterBottom sx={{ px: { xs: 0.5, sm: 0 } }}>
              Everyone&apos;s picks
            </Typography>
            <Legend />
            <GridTable grid={grid} weekName={weekName} highlightUserId={user?.id} />
          </Paper>
        )}
      </>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: 'clamp(1.4rem, 5vw, 2.1rem)' }}>
        Live board
      </Typography>
      {board && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'baseline', mb: 1.5 }}>
          <Typography color="text.secondary">
            Week {board.week.number} · {board.week.season_name}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="live-updated">
            Updated {formatClock(live.data!.checkedAt)}
          </Typography>
          {live.isError && (
            <Typography variant="body2" color="error">
              Could not update; trying again.
            </Typography>
          )}
        </Box>
      )}
      {body}
    </Container>
  );
}
