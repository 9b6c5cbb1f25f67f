import { Box, Paper, Typography } from '@mui/material';
import { memo } from 'react';
import type { LiveGame, PickGridCell } from '../../api/types';
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

/** How the member's own pick of a game stands: its words and tone ("Right", "Winning"…), or none yet. */
export function ownPickState(game: LiveGame, cell: PickGridCell, spread: boolean): { text: string; tone: Tone } | null {
  if (cell.status !== 'shown') return null;
  switch (cell.result) {
    case 'correct':
      return { text: 'Right', tone: 'good' };
    case 'incorrect':
      return { text: 'Wrong', tone: 'bad' };
    case 'push':
      return { text: 'Push', tone: 'neutral' };
    case 'void':
      return { text: 'Void', tone: 'neutral' };
  }
  if (game.status !== 'in_progress' || game.home_score === null || game.away_score === null) return null;
  const side = cell.selected_winner === game.home_team.name ? 'home' : 'away';
  // Against the spread the game's cover (worked out from the live score) says who is ahead; else the score itself.
  const ahead = spread ? game.cover : game.home_score > game.away_score ? 'home' : game.away_score > game.home_score ? 'away' : 'push';
  if (ahead === null || ahead === 'push') return { text: spread ? 'On the line' : 'Tied', tone: 'neutral' };
  return ahead === side ? { text: 'Winning', tone: 'good' } : { text: 'Losing', tone: 'bad' };
}

/** The member's own pick of the game, under the scores: the team, and how it stands. */
function OwnPick({ game, cell, spread }: { game: LiveGame; cell: PickGridCell; spread: boolean }) {
  const state = ownPickState(game, cell, spread);
  const picked = cell.status === 'shown' ? cell.selected_winner : null;
  return (
    <Box data-testid="own-pick" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
        {picked ? `Your pick: ${picked}` : 'Your pick: none'}
      </Typography>
      {state && <StatusPill tone={state.tone}>{state.text}</StatusPill>}
    </Box>
  );
}

/**
 * One game of the live board: both teams with their scores (the away team first, as "Away @ Home"), its state in
 * words, the line, the cover in a spread season, the member's own pick (`mine`: their cell of the game; none for a
 * reader who does not play) and how it stands, and how the members picked once it has locked. Memoised: a poll
 * that leaves the game as it was (the same object, React Query's structural sharing) does not redraw it.
 */
export const LiveGameCard = memo(function LiveGameCard({ game, spread, mine }: { game: LiveGame; spread: boolean; mine?: PickGridCell }) {
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
      {mine && <OwnPick game={game} cell={mine} spread={spread} />}
      {cover && (
        <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
          {cover}
        </Typography>
      )}
      <PickSplit game={game} />
    </Paper>
  );
});
