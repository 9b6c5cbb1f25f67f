import { Stack } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { AutocompleteInput, maxValue, minValue, NumberInput, required, SelectInput, TextInput, useGetList, useRecordContext } from 'react-admin';
import { TIEBREAKER_MAX, TIEBREAKER_MIN } from '../../constants';
import { useWeeksOf } from '../common/seasonWeek';
import type { GameRecord } from '../dataProvider';
import { matchup } from '../games/gameText';
import { SeasonSelectInput } from '../weeks/WeekInputs';
import { PICK_TEXTS } from '../../components/picks/pickRules';


const wholeNumber = (value: unknown) => (value !== null && value !== undefined && value !== '' && !Number.isInteger(Number(value)) ? 'Must be a whole number' : undefined);
/** docs/product.md#validation: whole numbers from 0 to 199, both or neither. */
const bothScores = (_value: unknown, values: Record<string, unknown>) => {
  const filled = (name: string) => values[name] !== null && values[name] !== undefined && values[name] !== '';
  return filled('tiebreaker_home_score') !== filled('tiebreaker_away_score') ? PICK_TEXTS.bothScoresRequired : undefined;
};
const tiebreakerScore = [minValue(TIEBREAKER_MIN), maxValue(TIEBREAKER_MAX), wholeNumber, bothScores];

export function TiebreakerInputs() {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
      <NumberInput source="tiebreaker_away_score" label="Away Score (tiebreaker)" min={TIEBREAKER_MIN} max={TIEBREAKER_MAX} step={1} validate={tiebreakerScore} fullWidth />
      <NumberInput source="tiebreaker_home_score" label="Home Score (tiebreaker)" min={TIEBREAKER_MIN} max={TIEBREAKER_MAX} step={1} validate={tiebreakerScore} fullWidth />
    </Stack>
  );
}

const teamChoices = (game: Pick<GameRecord, 'home_team' | 'away_team'> | undefined) =>
  game
    ? [
        { id: game.away_team.name, name: `${game.away_team.name} (away)` },
        { id: game.home_team.name, name: `${game.home_team.name} (home)` },
      ]
    : [];

/** The override's inputs (docs/product.md#validation): member, game and winner are required; tiebreaker scores only for a tiebreaker game. */
export function AddPickInputs() {
  const members = useGetList('users', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' }, filter: { role: 'user' } });
  const [seasonId, weekId, gameId] = useWatch({ name: ['football_season_id', 'week_id', 'game_id'] }) as [string, string, number | string | undefined];
  const weeks = useWeeksOf(seasonId);
  const games = useGetList<GameRecord>(
    'games',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'game_date', order: 'ASC' }, filter: { week_id: Number(weekId) } },
    { enabled: !!weekId },
  );
  const game = games.data?.find((candidate) => candidate.id === Number(gameId));
  const { setValue } = useFormContext();
  const previousGame = useRef(gameId);
  useEffect(() => {
    // A winner or scores chosen for another game do not carry over.
    if (previousGame.current !== gameId) {
      setValue('selected_winner', '');
      setValue('tiebreaker_home_score', null);
      setValue('tiebreaker_away_score', null);
    }
    previousGame.current = gameId;
  }, [gameId, setValue]);
  return (
    <>
      <AutocompleteInput
        source="user_id"
        label="Member"
        choices={members.data ?? []}
        optionText={(user: { name: string; email: string }) => `${user.name} (${user.email})`}
        isPending={members.isPending}
        validate={required()}
        fullWidth
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <SeasonSelectInput validate={false} />
        <SelectInput source="week_id" label="Week" choices={weeks.data ?? []} optionText="display_name" disabled={!seasonId} fullWidth />
      </Stack>
      <SelectInput
        source="game_id"
        label="Game"
        choices={(games.data ?? []).map((candidate) => ({ id: candidate.id, name: `${matchup(candidate)}${candidate.is_tiebreaker ? ' (tiebreaker)' : ''}` }))}
        disabled={!weekId}
        isPending={!!weekId && games.isPending}
        validate={required()}
        fullWidth
      />
      <SelectInput source="selected_winner" label="Selected Winner" choices={teamChoices(game)} disabled={!game} validate={required()} fullWidth />
      {game?.is_tiebreaker && <TiebreakerInputs />}
      <TextInput source="reason" label="Reason" helperText="Optional; kept in the pick's history and sent to the member" multiline fullWidth />
    </>
  );
}

const CORRECT_CHOICES = [
  { id: 'true', name: 'Correct' },
  { id: 'false', name: 'Incorrect' },
];

/** The admin's edit: the winner, the correct flag, the tiebreaker scores of a tiebreaker game, and why. */
export function EditPickInputs() {
  const pick = useRecordContext<{ game: GameRecord }>();
  return (
    <>
      <SelectInput source="selected_winner" label="Selected Winner" choices={teamChoices(pick?.game)} validate={required()} fullWidth />
      <SelectInput
        source="is_correct"
        label="Correct"
        choices={CORRECT_CHOICES}
        emptyText="Not scored yet"
        emptyValue=""
        format={(value: unknown) => (value === null || value === undefined ? '' : String(value))}
        parse={(value: string) => (value === '' ? null : value === 'true')}
        fullWidth
      />
      {pick?.game.is_tiebreaker && <TiebreakerInputs />}
      <TextInput source="reason" label="Reason" helperText="Optional; kept in the pick's history and sent to the member" multiline fullWidth />
    </>
  );
}

const scoreOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));
const reasonOf = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** POST /picks with user_id (the override). */
export const addPickBody = (data: Record<string, unknown>) => ({
  user_id: Number(data.user_id),
  game_id: Number(data.game_id),
  selected_winner: data.selected_winner,
  ...(scoreOrNull(data.tiebreaker_home_score) !== null || scoreOrNull(data.tiebreaker_away_score) !== null
    ? { tiebreaker_home_score: scoreOrNull(data.tiebreaker_home_score), tiebreaker_away_score: scoreOrNull(data.tiebreaker_away_score) }
    : {}),
  reason: reasonOf(data.reason),
});

/** PATCH /picks/{id}: selected_winner, is_correct and reason (and the scores of a tiebreaker pick). */
export const editPickBody = (data: Record<string, unknown>) => ({
  selected_winner: data.selected_winner,
  is_correct: data.is_correct === '' || data.is_correct === undefined ? null : data.is_correct,
  ...((data.game as GameRecord | undefined)?.is_tiebreaker
    ? { tiebreaker_home_score: scoreOrNull(data.tiebreaker_home_score), tiebreaker_away_score: scoreOrNull(data.tiebreaker_away_score) }
    : {}),
  reason: reasonOf(data.reason),
});
