import { Alert, Stack } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  AutocompleteInput,
  BooleanInput,
  DateTimeInput,
  maxValue,
  minValue,
  NumberInput,
  required,
  SelectInput,
  TextInput,
  useGetList,
} from 'react-admin';
import { useWeeksOf } from '../common/seasonWeek';
import type { TeamRef } from '../dataProvider';
import { SeasonSelectInput } from '../weeks/WeekInputs';
import { dateTimeText } from '../../format';

export const GAME_REQUIRED_TEXT = 'Please fill in all required fields (Football Season, Week, Home Team, Away Team, and Game Date)';
export const GAME_REQUIRED_FIELDS = ['football_season_id', 'week_id', 'home_team_id', 'away_team_id', 'game_date'];

export const GAME_STATUS_CHOICES = [
  { id: 'scheduled', name: 'Scheduled' },
  { id: 'in_progress', name: 'In Progress' },
  { id: 'completed', name: 'Completed' },
  { id: 'cancelled', name: 'Cancelled' },
];
const SIDE_CHOICES = [
  { id: 'home', name: 'Home' },
  { id: 'away', name: 'Away' },
];

/** docs/product.md#constants: rankings are the AP poll's 1 to 25; scores and the line start at 0; the line moves in half points. */
const whole = (value: unknown) => (value !== null && value !== undefined && value !== '' && !Number.isInteger(Number(value)) ? 'Must be a whole number' : undefined);
const halfPoints = (value: unknown) =>
  value !== null && value !== undefined && value !== '' && !Number.isInteger(Number(value) * 2) ? 'The line moves in steps of 0.5' : undefined;
const score = [minValue(0), whole];
const ranking = [minValue(1), maxValue(25), whole];

export function useAllTeams() {
  return useGetList<TeamRef & { id: number }>('teams', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });
}

function WeekOfSeasonInput() {
  const seasonId = useWatch({ name: 'football_season_id' }) as string | number | undefined;
  const { setValue, getValues } = useFormContext();
  const weeks = useWeeksOf(seasonId ?? '');
  const previous = useRef(seasonId);
  useEffect(() => {
    // Another season's week would not belong: the week starts over when the season changes.
    if (previous.current !== undefined && previous.current !== seasonId && getValues('week_id')) setValue('week_id', '', { shouldDirty: true });
    previous.current = seasonId;
  }, [seasonId, setValue, getValues]);
  return (
    <SelectInput
      source="week_id"
      label="Week"
      choices={weeks.data ?? []}
      optionText="display_name"
      isPending={!!seasonId && weeks.isPending}
      disabled={!seasonId}
      validate={required()}
      fullWidth
    />
  );
}

/** The winner is one of the two teams, or none yet (docs/product.md#validation). */
function WinnerInput({ teams, label = 'Winner', validate }: { teams: (TeamRef & { id: number })[]; label?: string; validate?: ReturnType<typeof required> }) {
  const [homeId, awayId] = useWatch({ name: ['home_team_id', 'away_team_id'] }) as [number | undefined, number | undefined];
  const name = (id: number | undefined) => teams.find((team) => team.id === id)?.name;
  const choices = [
    ...(homeId ? [{ id: homeId, name: `${name(homeId) ?? 'Home team'} (home)` }] : []),
    ...(awayId ? [{ id: awayId, name: `${name(awayId) ?? 'Away team'} (away)` }] : []),
  ];
  return <SelectInput source="winner_team_id" label={label} choices={choices} emptyText="No Winner/TBD" emptyValue="" validate={validate} fullWidth />;
}

const isBlank = (value: unknown) => value === '' || value === null || value === undefined;
const scoreOf = (value: unknown) => (isBlank(value) || !Number.isFinite(Number(value)) ? null : Number(value));

export interface ScoredGame {
  home_team_id: unknown;
  away_team_id: unknown;
  home_score: unknown;
  away_score: unknown;
}

/**
 * The winner the scores imply (the server's rule, docs/results-integrity.md): the higher score; a tie has none.
 * Null until both scores are there.
 */
export function impliedWinner(game: ScoredGame): { side: 'home' | 'away' | 'tie'; teamId: number | null; high: number; low: number } | null {
  const home = scoreOf(game.home_score);
  const away = scoreOf(game.away_score);
  if (home === null || away === null) return null;
  if (home === away) return { side: 'tie', teamId: null, high: home, low: away };
  const side = home > away ? 'home' : 'away';
  return { side, teamId: Number(side === 'home' ? game.home_team_id : game.away_team_id) || null, high: Math.max(home, away), low: Math.min(home, away) };
}

/** "Winner: Rutgers (45-42)", "Tied 21-21: a completed game needs a winner"; empty until both scores are there. */
export function impliedWinnerText(game: ScoredGame, nameOf: (teamId: number) => string | undefined, sides = { home: 'Home team', away: 'Away team' }): string {
  const implied = impliedWinner(game);
  if (!implied) return '';
  if (implied.side === 'tie') return `Tied ${implied.high}-${implied.low}: a completed game needs a winner (correct a score, or award it as a forfeit)`;
  const name = (implied.teamId !== null ? nameOf(implied.teamId) : undefined) ?? sides[implied.side];
  return `Winner: ${name} (${implied.high}-${implied.low})`;
}

/**
 * Scores, status and winner as the server settles them: typing both scores makes the game completed, the winner
 * is the one they imply (shown as it is typed), and only a forfeit (with its reason) names another winner.
 */
function OutcomeInputs({ teams }: { teams: (TeamRef & { id: number })[] }) {
  const [homeId, awayId, homeScore, awayScore, forfeit] = useWatch({ name: ['home_team_id', 'away_team_id', 'home_score', 'away_score', 'forfeit'] }) as unknown[];
  const { setValue, getValues, getFieldState } = useFormContext();
  const game = { home_team_id: homeId, away_team_id: awayId, home_score: homeScore, away_score: awayScore };
  const implied = impliedWinner(game);
  const text = impliedWinnerText(game, (id) => teams.find((team) => team.id === id)?.name);
  useEffect(() => {
    // The server's rule, mirrored: both final scores typed make the game completed (a status the admin picks after stays).
    const typed = getFieldState('home_score').isDirty || getFieldState('away_score').isDirty;
    if (typed && implied && ['scheduled', 'in_progress'].includes(String(getValues('status')))) setValue('status', 'completed', { shouldDirty: true });
  }, [homeScore, awayScore]); // only a change of score
  return (
    <>
      <Stack direction="row" spacing={2}>
        <NumberInput source="away_score" label="Away Score" min={0} step={1} validate={score} fullWidth />
        <NumberInput source="home_score" label="Home Score" min={0} step={1} validate={score} fullWidth />
      </Stack>
      {text && !forfeit && (
        <Alert severity={implied?.side === 'tie' ? 'warning' : 'info'} role="status" sx={{ mb: 1 }}>
          {text}
        </Alert>
      )}
      <BooleanInput source="forfeit" label="Forfeit (award the game whatever the score)" helperText={false} />
      {forfeit ? (
        <>
          <WinnerInput teams={teams} label="Awarded to" validate={required('Name the team the game is awarded to')} />
          <TextInput source="forfeit_reason" label="Forfeit reason" validate={required('Say why the game is awarded')} fullWidth />
        </>
      ) : (
        // With both scores the winner follows from them; without, a result can still be recorded by hand.
        !implied && <WinnerInput teams={teams} />
      )}
    </>
  );
}

/** Every field of a game (docs/product.md#data, #validation), shared by the add and edit dialogs. */
export function GameInputs() {
  const teams = useAllTeams();
  const teamChoices = teams.data ?? [];
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <SeasonSelectInput />
        <WeekOfSeasonInput />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <AutocompleteInput source="away_team_id" label="Away Team" choices={teamChoices} isPending={teams.isPending} validate={required()} fullWidth />
        <AutocompleteInput source="home_team_id" label="Home Team" choices={teamChoices} isPending={teams.isPending} validate={required()} fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <NumberInput source="away_team_ranking" label="Away Ranking (AP)" min={1} max={25} step={1} validate={ranking} fullWidth />
        <NumberInput source="home_team_ranking" label="Home Ranking (AP)" min={1} max={25} step={1} validate={ranking} fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <DateTimeInput source="game_date" label="Game Date" validate={required()} fullWidth />
        <SelectInput source="status" label="Status" choices={GAME_STATUS_CHOICES} validate={required()} fullWidth />
      </Stack>
      <TextInput source="name" label="Game Name" helperText="Optional, e.g. a bowl's name" fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <NumberInput source="betting_line" label="Betting Line" min={0} step={0.5} validate={[minValue(0), halfPoints]} fullWidth />
        <SelectInput source="betting_line_team" label="Favored Team" choices={SIDE_CHOICES} emptyText="None" emptyValue="" fullWidth />
      </Stack>
      <OutcomeInputs teams={teamChoices} />
      <BooleanInput source="is_tiebreaker" label="Tiebreaker Game" />
    </>
  );
}

const numberOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));
const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * The winner a save sends: a forfeit's named team; else the one the scores imply (a tie: none) once the game is
 * completed; a game not completed has none. Without scores the chosen winner stands (a result kept by hand).
 */
function winnerOf(data: Record<string, unknown>): number | null {
  if (data.forfeit) return numberOrNull(data.winner_team_id);
  const implied = impliedWinner(data as unknown as ScoredGame);
  if (data.status !== 'completed') return null;
  return implied ? implied.teamId : numberOrNull(data.winner_team_id);
}

/** docs/product.md#api POST /games and PUT /games/{id}: the kickoff as an ISO instant (the input is local time). */
export const gameBody = (data: Record<string, unknown>) => ({
  week_id: numberOrNull(data.week_id),
  home_team_id: numberOrNull(data.home_team_id),
  away_team_id: numberOrNull(data.away_team_id),
  winner_team_id: winnerOf(data),
  game_date: data.game_date ? new Date(String(data.game_date)).toISOString() : null,
  status: data.status || 'scheduled',
  forfeit: !!data.forfeit,
  forfeit_reason: data.forfeit ? textOrNull(data.forfeit_reason) : null,
  name: textOrNull(data.name),
  home_score: numberOrNull(data.home_score),
  away_score: numberOrNull(data.away_score),
  betting_line: numberOrNull(data.betting_line),
  betting_line_team: data.betting_line_team || null,
  is_tiebreaker: !!data.is_tiebreaker,
  home_team_ranking: numberOrNull(data.home_team_ranking),
  away_team_ranking: numberOrNull(data.away_team_ranking),
});

/** docs/product.md#states: picks of a game close an hour before kickoff. */
export const PICK_DEADLINE_MS = 60 * 60 * 1000;

/**
 * The question before saving a game whose pick deadline has passed: a new game, or one whose kickoff moves so that
 * its picks close at once. Scoring a finished game asks nothing.
 */
export function closedDeadlineQuestion(values: Record<string, unknown>, stored?: { game_date?: string | null } | null, now = Date.now()): string | null {
  if (!values.game_date) return null;
  const kickoff = new Date(String(values.game_date));
  if (Number.isNaN(kickoff.getTime())) return null;
  const deadline = kickoff.getTime() - PICK_DEADLINE_MS;
  if (deadline > now) return null;
  if (stored?.game_date && new Date(stored.game_date).getTime() === kickoff.getTime()) return null;
  const when = dateTimeText(new Date(deadline).toISOString());
  return `Picks for this game close immediately: its pick deadline (kickoff minus 1 hour, ${when}) has already passed, so no member can pick it. Save anyway?`;
}

/**
 * The question before saving a final (completed) for a game that has not kicked off: the server closes its picks at
 * once and shows everyone's (docs/results-integrity.md#a-final-closes-picks), so it is almost always the wrong week or
 * row. A game already completed asks nothing.
 */
export function earlyFinalQuestion(values: Record<string, unknown>, stored?: { status?: string | null } | null, now = Date.now()): string | null {
  if (values.status !== 'completed' || stored?.status === 'completed' || !values.game_date) return null;
  const kickoff = new Date(String(values.game_date));
  if (Number.isNaN(kickoff.getTime()) || kickoff.getTime() <= now) return null;
  return `This game kicks off ${dateTimeText(kickoff.toISOString())}: a final closes its picks at once and shows every member's pick of it. Save anyway?`;
}
