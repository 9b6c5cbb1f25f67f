import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Alert, Box, Button, CircularProgress, Paper, TextField, Typography } from '@mui/material';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Confirm, useDataProvider, useListContext } from 'react-admin';
import { useNow } from '../../components/useNow';
import { dateTimeText } from '../../format';
import { failureText, type GameRecord } from '../dataProvider';
import { impliedWinnerText } from './GameInputs';
import { matchup, statusName } from './GameList';

type RowState = { state: 'idle' } | { state: 'saving' } | { state: 'saved' } | { state: 'failed'; message: string };
interface Scores {
  away: string;
  home: string;
}

const scoreText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
const SCORE = /^\d{1,3}$/;

/** What a row would save: both scores as numbers, or why not; null when there is nothing new to save. */
export function rowChange(game: Pick<GameRecord, 'home_score' | 'away_score'>, scores: Scores): { home_score: number; away_score: number } | { error: string } | null {
  const away = scores.away.trim();
  const home = scores.home.trim();
  if (away === scoreText(game.away_score) && home === scoreText(game.home_score)) return null;
  if (away === '' || home === '') return { error: 'Enter both scores' };
  if (!SCORE.test(away) || !SCORE.test(home)) return { error: 'Scores are whole numbers from 0' };
  return { away_score: Number(away), home_score: Number(home) };
}

/** Whether a game has not kicked off at `now`: a final for it is almost surely a slip (docs/admin-console.md#quick-scoring). */
export const notKickedOff = (game: Pick<GameRecord, 'game_date'>, now: number): boolean => Date.parse(game.game_date) > now;

/**
 * Quick scoring of the week the list shows: one row per game with its kickoff and state, and the away and home
 * score. Enter moves from the away score to the home score; Enter on the home score saves the row (PUT
 * /api/games/{id} with both scores: the server completes the game and derives its winner) and moves to the next
 * open row. Each row says saved or why not. A final closes a game to picks at once, so a game that has not kicked
 * off stays disabled until the admin chooses "Score anyway" and confirms.
 */
export function QuickScoring({ onDone }: { onDone: () => void }) {
  const { data, isPending } = useListContext<GameRecord>();
  const dataProvider = useDataProvider();
  const games = data ?? [];
  const [scores, setScores] = useState<Record<string, Scores>>({});
  const [rows, setRows] = useState<Record<string, RowState>>({});
  // The games as last saved here: a saved row has nothing new to save until its scores change again.
  const [saved, setSaved] = useState<Record<string, GameRecord>>({});
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const now = useNow();
  // Games not kicked off that the admin chose to score anyway, and the one whose question is open.
  const [early, setEarly] = useState<ReadonlySet<string>>(new Set());
  const [asking, setAsking] = useState<GameRecord | null>(null);
  const closed = (game: GameRecord) => notKickedOff(game, now) && !early.has(String(game.id));
  const scoresOf = (game: GameRecord): Scores => scores[game.id] ?? { away: scoreText(game.away_score), home: scoreText(game.home_score) };

  // Typing starts at once: the first game without a score has the focus.
  const focused = useRef(false);
  useEffect(() => {
    if (focused.current || games.length === 0) return;
    focused.current = true;
    const open = games.filter((game) => !closed(game));
    const first = open.find((game) => game.home_score === null || game.away_score === null) ?? open[0];
    if (first) inputs.current.get(`${first.id}:away`)?.focus();
  }, [games]);

  // A game confirmed for early scoring takes the focus once its inputs are enabled.
  const focusAfterConfirm = useRef<string | null>(null);
  useEffect(() => {
    if (focusAfterConfirm.current === null) return;
    inputs.current.get(`${focusAfterConfirm.current}:away`)?.focus();
    focusAfterConfirm.current = null;
  }, [early]);

  const setScore = (game: GameRecord, side: keyof Scores, value: string) => {
    setScores((all) => ({ ...all, [game.id]: { ...scoresOf(game), [side]: value } }));
    setRows((all) => ({ ...all, [game.id]: { state: 'idle' } }));
  };

  const focusNext = (index: number) => {
    const next = games.slice(index + 1).find((game) => !closed(game));
    if (next) inputs.current.get(`${next.id}:away`)?.focus();
  };

  const scoreAnyway = (game: GameRecord) => {
    setAsking(null);
    focusAfterConfirm.current = String(game.id);
    setEarly((all) => new Set(all).add(String(game.id)));
  };

  const save = async (game: GameRecord) => {
    const change = rowChange(saved[game.id] ?? game, scoresOf(game));
    if (change === null) return true;
    if ('error' in change) {
      setRows((all) => ({ ...all, [game.id]: { state: 'failed', message: change.error } }));
      return false;
    }
    setRows((all) => ({ ...all, [game.id]: { state: 'saving' } }));
    try {
      const { data: stored } = await dataProvider.update<GameRecord>('games', { id: game.id, data: change, previousData: game });
      setSaved((all) => ({ ...all, [game.id]: stored }));
      setRows((all) => ({ ...all, [game.id]: { state: 'saved' } }));
      return true;
    } catch (error) {
      setRows((all) => ({ ...all, [game.id]: { state: 'failed', message: failureText(error, 'Update failed') } }));
      return false;
    }
  };

  const onKeyDown = (game: GameRecord, index: number, side: keyof Scores) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (side === 'away') {
      inputs.current.get(`${game.id}:home`)?.focus();
      return;
    }
    // Saving goes on in the background; the next row is ready for typing at once.
    void save(game);
    focusNext(index);
  };

  if (isPending) return null;
  if (games.length === 0) return <Alert severity="info" sx={{ m: 2 }}>No games found for this week.</Alert>;
  const nameOf = (game: GameRecord) => (teamId: number) => [game.home_team, game.away_team].find((team) => team.id === teamId)?.name;
  return (
    <Box component="section" aria-label="Score games" sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Type the away score, Enter, the home score, Enter: the row is saved and the next game is ready. Both scores make a game completed; the
        winner follows from them.
      </Typography>
      <Box sx={{ display: 'grid', gap: 1 }}>
        {games.map((game, index) => {
          const typed = scoresOf(game);
          const row = rows[game.id] ?? { state: 'idle' };
          const shut = closed(game);
          const winner = impliedWinnerText({ home_team_id: game.home_team.id, away_team_id: game.away_team.id, home_score: typed.home, away_score: typed.away }, nameOf(game));
          const input = (side: keyof Scores) => {
            const team = side === 'away' ? game.away_team : game.home_team;
            return (
              <TextField
                size="small"
                label={team.name}
                value={typed[side]}
                disabled={shut}
                onChange={(event) => setScore(game, side, event.target.value)}
                onKeyDown={onKeyDown(game, index, side)}
                inputRef={(element: HTMLInputElement | null) => {
                  if (element) inputs.current.set(`${game.id}:${side}`, element);
                  else inputs.current.delete(`${game.id}:${side}`);
                }}
                slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', 'aria-label': `${team.name} score (${side}), ${matchup(game)}`, maxLength: 3 } }}
                sx={{ width: { xs: '100%', sm: 150 } }}
              />
            );
          };
          return (
            <Paper
              key={game.id}
              variant="outlined"
              data-testid="score-row"
              sx={{
                p: 1,
                display: 'grid',
                gap: 1,
                alignItems: 'center',
                gridTemplateColumns: { xs: '1fr 1fr', sm: 'minmax(0, 2fr) auto auto minmax(0, 2fr) auto' },
                gridTemplateAreas: { xs: '"game game" "away home" "winner winner" "state state"', sm: '"game away home winner state"' },
              }}
            >
              <Box sx={{ gridArea: 'game', minWidth: 0, overflowWrap: 'anywhere' }}>
                <Typography>{matchup(game)}</Typography>
                <Typography variant="body2" color={notKickedOff(game, now) ? 'warning.main' : 'text.secondary'}>
                  {`Kickoff ${dateTimeText(game.game_date)} · ${statusName(game.status)}${notKickedOff(game, now) ? ' · not kicked off yet' : ''}`}
                </Typography>
              </Box>
              <Box sx={{ gridArea: 'away' }}>{input('away')}</Box>
              <Box sx={{ gridArea: 'home' }}>{input('home')}</Box>
              <Typography variant="body2" sx={{ gridArea: 'winner', minWidth: 0, display: 'flex', alignItems: 'center', gap: 0.5 }} color={winner.startsWith('Tied') ? 'text.primary' : 'text.secondary'}>
                {winner.startsWith('Tied') && <WarningAmberIcon fontSize="small" color="warning" aria-hidden />}
                {winner}
              </Typography>
              <Box sx={{ gridArea: 'state', display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }} role="status" aria-live="polite">
                {row.state === 'saving' && <CircularProgress size={18} aria-label="Saving" />}
                {row.state === 'saved' && (
                  <Typography variant="body2" color="success.main" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    <CheckCircleIcon fontSize="small" /> Saved
                  </Typography>
                )}
                {row.state === 'failed' && (
                  <Typography variant="body2" color="error" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }}>
                    <ErrorIcon fontSize="small" /> {row.message}
                  </Typography>
                )}
                {shut && (
                  <Button size="small" variant="outlined" color="warning" onClick={() => setAsking(game)} aria-label={`Score anyway: ${matchup(game)}`}>
                    Score anyway
                  </Button>
                )}
                {!shut && (row.state === 'idle' || row.state === 'failed') && rowChange(saved[game.id] ?? game, typed) !== null && (
                  <Button size="small" variant="outlined" onClick={() => void save(game)} aria-label={`Save ${matchup(game)}`}>
                    Save
                  </Button>
                )}
              </Box>
            </Paper>
          );
        })}
      </Box>
      <Confirm
        isOpen={asking !== null}
        title="Score before kickoff?"
        content={
          asking
            ? `${matchup(asking)} kicks off ${dateTimeText(asking.game_date)}. A final closes its picks at once and shows every member's pick of it. Score it anyway?`
            : ''
        }
        confirm="Score anyway"
        onConfirm={() => asking && scoreAnyway(asking)}
        onClose={() => setAsking(null)}
      />
      <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={onDone}>
          Done scoring
        </Button>
      </Box>
    </Box>
  );
}
