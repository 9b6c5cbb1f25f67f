import { memo } from 'react';
import type { LiveGame, PickGridCell } from '../../api/types';
import { formatWeekdayTime, lineText } from '../../format';
import { StatusPill } from '../StatusPill';
import type { Tone } from '../tones';
import '../cards.css';
import './LiveGameCard.css';

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
    <div className={won ? 'live-card__team live-card__team--won' : 'live-card__team'}>
      <span className="live-card__name">
        {name}
        {won && <span className="live-card__winner">{' (winner)'}</span>}
      </span>
      <span className="live-card__score" data-testid="score">
        {score ?? '–'}
      </span>
    </div>
  );
}

/** How the members split on a locked game, in words and as a bar (the bar is for the eye only). */
function PickSplit({ game }: { game: LiveGame }) {
  const counts = game.pick_counts;
  if (!counts) return null;
  const total = counts.away + counts.home;
  const awayShare = total === 0 ? 50 : (counts.away / total) * 100;
  return (
    <div className="live-card__split">
      <p className="tg-secondary">
        Picks: {game.away_team.name} {counts.away} · {game.home_team.name} {counts.home}
      </p>
      <div aria-hidden="true" className="live-card__bar">
        <div style={{ width: `${awayShare}%` }} />
      </div>
    </div>
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
    <div data-testid="own-pick" className="live-card__own">
      <span className="live-card__own-text">{picked ? `Your pick: ${picked}` : 'Your pick: none'}</span>
      {state && <StatusPill tone={state.tone}>{state.text}</StatusPill>}
    </div>
  );
}

/**
 * One game of the live board: both teams with their scores (the away team first, as "Away @ Home"), its state in
 * words, the line, the cover in a spread season, the member's own pick (`mine`: their cell of the game; none for a
 * reader who does not play) and how it stands, and how the members picked once it has locked. Plain elements styled
 * by class (LiveGameCard.css), so a board of cards costs no styling work as it draws. Memoised: a poll
 * that leaves the game as it was (the same object, React Query's structural sharing) does not redraw it.
 */
export const LiveGameCard = memo(function LiveGameCard({ game, spread, mine }: { game: LiveGame; spread: boolean; mine?: PickGridCell }) {
  const state = gameState(game);
  const line = lineText(game);
  const cover = spread ? coverText(game) : null;
  const matchup = `${game.away_team.name} @ ${game.home_team.name}`;
  return (
    <article className="tg-card live-card" aria-label={matchup}>
      <div className="live-card__head">
        <StatusPill tone={state.tone}>{state.text}</StatusPill>
        {game.is_tiebreaker && <StatusPill outlined>Tiebreaker</StatusPill>}
        {line && <p className="tg-secondary live-card__line">{line}</p>}
      </div>
      <TeamLine name={game.away_team.name} score={game.away_score} won={game.winner_team_id === game.away_team.id} />
      <TeamLine name={game.home_team.name} score={game.home_score} won={game.winner_team_id === game.home_team.id} />
      {mine && <OwnPick game={game} cell={mine} spread={spread} />}
      {cover && <p className="live-card__cover">{cover}</p>}
      <PickSplit game={game} />
    </article>
  );
});
