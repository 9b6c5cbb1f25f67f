import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import ScheduleIcon from '@mui/icons-material/Schedule';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Alert, Box, Button, CircularProgress, Paper, TextField, Typography } from '@mui/material';
import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Confirm, useDataProvider, useListContext } from 'react-admin';
import { useNow } from '../../components/useNow';
import { dateTimeText, formatDateTime, formatWeekdayTime } from '../../format';
import { failureText } from '../../api/failure';
import { type GameRecord } from '../dataProvider';
import { impliedWinnerText } from './GameInputs';
import { matchup, statusName } from './gameText';
import { useAdminMutation } from '../common/useAdminMutation';

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

/** Within this much of now a kickoff is told by its weekday alone ("Sat 7:30 PM"); further off it carries its date. */
const WEEKDAY_RANGE_MS = 6 * 24 * 60 * 60 * 1000;

/** Why a row waits: "Kicks off Sat 7:30 PM", in the browser's time zone as every kickoff of the app. */
export const kickoffReason = (gameDate: string, now: number): string =>
  `Kicks off ${Date.parse(gameDate) - now < WEEKDAY_RANGE_MS ? formatWeekdayTime(gameDate) : formatDateTime(gameDate)}`;

/**
 * Quick scoring of the week the list shows: one row per game with its kickoff and state, and the away and home
 * score. A row saves (PUT /api/games/{id} with both scores: the server completes the game and derives its winner)
 * when the focus leaves it, or on Enter - the phone keypad's Next/Go - in its home score, which also moves to the
 * next open row; Enter in the away score moves to the home score. One save per change, however many of those fire.
 * Each row says saving, saved or why not. A final closes a game to picks at once, so a game that has not kicked off
 * stays disabled, saying when it kicks off, until the admin chooses "Score anyway" and confirms (the server allows
 * an early final: the question is the console's).
 */
export function QuickScoring({ onDone }: { onDone: () => void }) {
  const { data, isPending } = useListContext<GameRecord>();
  const dataProvider = useDataProvider();
  const games = data ?? [];
  const [scores, setScores] = useState<Record<string, Scores>>({});
  const [rows, setRows] = useState<Record<string, RowState>>({});
  // The games as last saved here: a saved row has nothing new to save until its scores change again. A ref beside
  // the state, because a blur right after an Enter runs before React renders what the Enter did.
  const [saved, setSaved] = useState<Record<string, GameRecord>>({});
  const savedNow = useRef<Record<string, GameRecord>>({});
  // The save running for each game and the change it sends: Enter and the blur it causes send it once.
  const running = useRef(new Map<string, { change: string; done: Promise<boolean> }>());
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const now = useNow();
  // Games not kicked off that the admin chose to score anyway, and the one whose question is open.
  const [early, setEarly] = useState<ReadonlySet<string>>(new Set());
  const [asking, setAsking] = useState<GameRecord | null>(null);
  const storedOf = (game: GameRecord): GameRecord => savedNow.current[game.id] ?? saved[game.id] ?? game;
  // A game completed already (an early final) stays open to corrections, as in the game form.
  const closed = (game: GameRecord) => notKickedOff(game, now) && storedOf(game).status !== 'completed' && !early.has(String(game.id));
  const scoresOf = (game: GameRecord): Scores => scores[game.id] ?? { away: scoreText(game.away_score), home: scoreText(game.home_score) };
  const setRow = (game: GameRecord, row: RowState) => setRows((all) => ({ ...all, [game.id]: row }));

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
    setRow(game, { state: 'idle' });
  };

  const nextOpen = (index: number) => games.slice(index + 1).find((game) => !closed(game));

  const scoreAnyway = (game: GameRecord) => {
    setAsking(null);
    focusAfterConfirm.current = String(game.id);
    setEarly((all) => new Set(all).add(String(game.id)));
  };

  const send = async (game: GameRecord, change: { home_score: number; away_score: number }) => {
    try {
      const { data: stored } = await dataProvider.update<GameRecord>('games', { id: game.id, data: change, previousData: game });
      savedNow.current[game.id] = stored;
      setSaved((all) => ({ ...all, [game.id]: stored }));
      setRow(game, { state: 'saved' });
      return true;
    } catch (error) {
      setRow(game, { state: 'failed', message: failureText(error, 'Update failed') });
      return false;
    }
  };

  /** Saves the row's scores unless they are saved or being saved already; a new change waits for the one before. */
  const save = (game: GameRecord): Promise<boolean> => {
    const id = String(game.id);
    const change = rowChange(storedOf(game), scoresOf(game));
    if (change === null) return Promise.resolve(true);
    if ('error' in change) {
      setRow(game, { state: 'failed', message: change.error });
      return Promise.resolve(false);
    }
    const key = JSON.stringify(change);
    const before = running.current.get(id);
    if (before?.change === key) return before.done;
    setRow(game, { state: 'saving' });
    const done = (before?.done ?? Promise.resolve(true)).then(() => send(game, change));
    running.current.set(id, { change: key, done });
    void done.then(() => {
      if (running.current.get(id)?.done === done) running.current.delete(id);
    });
    return done;
  };

  // Leaving a row saves it; moving between its two scores does not.
  const onBlur = (game: GameRecord) => (event: FocusEvent<HTMLInputElement>) => {
    const to = event.relatedTarget;
    if (to !== null && (to === inputs.current.get(`${game.id}:away`) || to === inputs.current.get(`${game.id}:home`))) return;
    void save(game);
  };

  const onKeyDown = (game: GameRecord, index: number, side: keyof Scores) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (side === 'away') {
      inputs.current.get(`${game.id}:home`)?.focus();
      return;
    }
    // Saving goes on in the background; the next row is ready for typing at once. The last row's Go closes the keypad.
    void save(game);
    const next = nextOpen(index);
    if (next) inputs.current.get(`${next.id}:away`)?.focus();
    else inputs.current.get(`${game.id}:home`)?.blur();
  };

  // "Done scoring" waits for the saves still running (the blur of the last score starts one), so the list shows them.
  // Done stays off once it has run: onDone leaves scoring.
  const finishing = useAdminMutation({
    mutationFn: () => Promise.all([...running.current.values()].map((save) => save.done)),
    onSuccess: () => onDone(),
  });

  if (isPending) return null;
  if (games.length === 0) return <Alert severity="info" sx={{ m: 2 }}>No games found for this week.</Alert>;
  const nameOf = (game: GameRecord) => (teamId: number) => [game.home_team, game.away_team].find((team) => team.id === teamId)?.name;
  return (
    <Box component="section" aria-label="Score games" sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Type the away score, Next, the home score, Next: the row saves as you leave it and the next game is ready. Both scores make a game
        completed; the winner follows from them.
      </Typography>
      <Box sx={{ display: 'grid', gap: 1 }}>
        {games.map((game, index) => {
          const typed = scoresOf(game);
          const row = rows[game.id] ?? { state: 'idle' };
          const shut = closed(game);
          const reasonId = `score-reason-${game.id}`;
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
                onBlur={onBlur(game)}
                inputRef={(element: HTMLInputElement | null) => {
                  if (element) inputs.current.set(`${game.id}:${side}`, element);
                  else inputs.current.delete(`${game.id}:${side}`);
                }}
                slotProps={{
                  htmlInput: {
                    inputMode: 'numeric',
                    pattern: '[0-9]*',
                    // The phone keypad's action key: Next through the week, Done on the last score.
                    enterKeyHint: side === 'away' || nextOpen(index) ? 'next' : 'done',
                    'aria-label': `${team.name} score (${side}), ${matchup(game)}`,
                    'aria-describedby': shut ? reasonId : undefined,
                    maxLength: 3,
                  },
                }}
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
                <Typography variant="body2" color="text.secondary">
                  {`Kickoff ${dateTimeText(game.game_date)} · ${statusName(storedOf(game).status)}`}
                </Typography>
              </Box>
              <Box sx={{ gridArea: 'away' }}>{input('away')}</Box>
              <Box sx={{ gridArea: 'home' }}>{input('home')}</Box>
              <Typography variant="body2" sx={{ gridArea: 'winner', minWidth: 0, display: 'flex', alignItems: 'center', gap: 0.5 }} color={winner.startsWith('Tied') ? 'text.primary' : 'text.secondary'}>
                {winner.startsWith('Tied') && <WarningAmberIcon fontSize="small" color="warning" aria-hidden />}
                {winner}
              </Typography>
              {/* A line kept for the row's state even while empty: "Saving…" appearing as the focus leaves must not move what is being tapped. */}
              <Box sx={{ gridArea: 'state', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, minWidth: 0, minHeight: 24 }} role="status" aria-live="polite">
                {shut && (
                  <>
                    <Typography id={reasonId} variant="body2" color="warning.main" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                      <ScheduleIcon fontSize="small" aria-hidden /> {kickoffReason(game.game_date, now)}
                    </Typography>
                    <Button size="small" variant="outlined" color="warning" onClick={() => setAsking(game)} aria-label={`Score anyway: ${matchup(game)}`}>
                      Score anyway
                    </Button>
                  </>
                )}
                {!shut && notKickedOff(game, now) && row.state === 'idle' && (
                  <Typography variant="body2" color="warning.main">
                    Scoring before kickoff
                  </Typography>
                )}
                {row.state === 'saving' && (
                  <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    <CircularProgress size={16} aria-hidden /> Saving…
                  </Typography>
                )}
                {row.state === 'saved' && (
                  <Typography variant="body2" color="success.main" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    <CheckCircleIcon fontSize="small" aria-hidden /> Saved
                  </Typography>
                )}
                {row.state === 'failed' && (
                  <Typography variant="body2" color="error" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }}>
                    <ErrorIcon fontSize="small" aria-hidden /> {row.message}
                  </Typography>
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
        <Button variant="contained" disabled={finishing.isPending || finishing.isSuccess} onClick={() => finishing.mutate()}>
          Done scoring
        </Button>
      </Box>
    </Box>
  );
}
