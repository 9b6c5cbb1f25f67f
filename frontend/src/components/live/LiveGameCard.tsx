import { Box, Paper, Typography } from '@mui/material';
import { memo } from 'react';
import type { LiveGame } from '../../api/types';
import { formatWeekdayTime, lineText } from '../../format';
import { StatusPill } from '../StatusPill';
import type { Tone } from '../tones';

/** The words of a game's state: "Live", "Final", "Cancelled", else its kickoff ("Sat 3:30 PM"). */
export function gameState(game: Pick<LiveGame, 'status' | 'game_date'>): { text: string; tone: Tone } {
  if (game.status === 'in_progress') return { text: 'Live', tone: 'bad' };
  if (game.status === 'completed') return { text: 'Final', tone: 'neutral' };
  if (game.status === 'cancelled') return { text: 'Cancelled', tone: 'neutral' };
  return { text: formatWeekdayTime(game.game_date), tone: 'neutral' };
}

/** "Alabama covered", "Push" (against the spread), nothing before the game has a cover. */
export function coverText(game: Pick<LiveGame, 'cover' | 'home_team' | 'away_team'>): string | null {
  if (!game.cover) return null;
  if (game.cover === 'push') return 'Push (landed on the line)';
  return `${(game.cover === 'home' ? game.home_team : game.away_team).name} covered`;
}

function TeamLine({ name, score, won }: { name: string; score: number | null; won: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, fontWeight: won ? 700 : 400 }}>
      <Box component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {name}
        {won && (
          <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
            {' (winner)'}
          </Box>
        )}
      </Box>
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontSize: '1.15rem' }} data-testid="score">
        {score ?? '–'}
      </Box>
    </Box>
  );
}

/** How the members split on a locked game, in words and as a bar (the bar is for the eye only). */
function PickSplit({ game }: { game: LiveGame }) {
  const counts = game.pick_counts;
  if (!counts) return null;
  const total = counts.away + counts.home;
  const awayShare = total === 0 ? 50 : (counts.away / total) * 100;
  return (
    <Box sx={{ mt: 0.75 }}>
      <Typography variant="body2" color="text.secondary">
        Picks: {game.away_team.name} {counts.away} · {game.home_team.name} {counts.home}
      </Typography>
      <Box aria-hidden="true" sx={{ display: 'flex', height: 6, borderRadius: 3, overflow: 'hidden', bgcolor: 'action.selected', mt: 0.25 }}>
        <Box sx={{ width: `${awayShare}%`, bgcolor: 'primary.main' }} />
      </Box>
    </Box>
  );
}

/**
 * One game of the live board: both teams with their scores (the away team first, as "Away @ Home"), its state in
 * words, the line, the cover in a spread season, and how the members picked once it has locked. Memoised: a poll
 * that leaves the game as it was (the same object, React Query's structural sharing) does not redraw it.
 */
export const LiveGameCard = memo(function LiveGameCard({ game, spread }: { game: LiveGame; spread: boolean }) {
  const state = gameState(game);
  const line = lineText(game);
  const cover = spread ? coverText(game) : null;
  const matchup = `${game.away_team.name} @ ${game.home_team.name}`;
  return (
    <Paper variant="outlined" component="article" aria-label={matchup} sx={{ p: 1.25 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
        <StatusPill tone={state.tone}>{state.text}</StatusPill>
        {game.is_tiebreaker && <StatusPill outlined>Tiebreaker</StatusPill>}
        {line && (
          <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
            {line}
          </Typography>
        )}
      </Box>
      <TeamLine name={game.away_team.name} score={game.away_score} won={game.winner_team_id === game.away_team.id} />
      <TeamLine name={game.home_team.name} score={game.home_score} won={game.winner_team_id === game.home_team.id} />
      {cover && (
        <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
          {cover}
        </Typography>
      )}
      <PickSplit game={game} />
    </Paper>
  );
});
