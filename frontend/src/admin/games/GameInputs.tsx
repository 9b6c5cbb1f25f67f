import { Stack } from '@mui/material';
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

/** SPEC §9: rankings are the AP poll's 1 to 25; scores and the line start at 0; the line moves in half points. */
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

/** The winner is one of the two teams, or none yet (SPEC §5). */
function WinnerInput({ teams }: { teams: (TeamRef & { id: number })[] }) {
  const [homeId, awayId] = useWatch({ name: ['home_team_id', 'away_team_id'] }) as [number | undefined, number | undefined];
  const name = (id: number | undefined) => teams.find((team) => team.id === id)?.name;
  const choices = [
    ...(homeId ? [{ id: homeId, name: `${name(homeId) ?? 'Home team'} (home)` }] : []),
    ...(awayId ? [{ id: awayId, name: `${name(awayId) ?? 'Away team'} (away)` }] : []),
  ];
  return <SelectInput source="winner_team_id" label="Winner" choices={choices} emptyText="No Winner/TBD" emptyValue="" fullWidth />;
}

/** Every field of a game (SPEC §3, §5), shared by the add and edit dialogs. */
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
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <NumberInput source="away_score" label="Away Score" min={0} step={1} validate={score} fullWidth />
        <NumberInput source="home_score" label="Home Score" min={0} step={1} validate={score} fullWidth />
      </Stack>
      <WinnerInput teams={teamChoices} />
      <BooleanInput source="is_tiebreaker" label="Tiebreaker Game" />
    </>
  );
}

const numberOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));
const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** SPEC §7 POST /games and PUT /games/{id}: the kickoff as an ISO instant (the input is local time). */
export const gameBody = (data: Record<string, unknown>) => ({
  week_id: numberOrNull(data.week_id),
  home_team_id: numberOrNull(data.home_team_id),
  away_team_id: numberOrNull(data.away_team_id),
  winner_team_id: numberOrNull(data.winner_team_id),
  game_date: data.game_date ? new Date(String(data.game_date)).toISOString() : null,
  status: data.status || 'scheduled',
  name: textOrNull(data.name),
  home_score: numberOrNull(data.home_score),
  away_score: numberOrNull(data.away_score),
  betting_line: numberOrNull(data.betting_line),
  betting_line_team: data.betting_line_team || null,
  is_tiebreaker: !!data.is_tiebreaker,
  home_team_ranking: numberOrNull(data.home_team_ranking),
  away_team_ranking: numberOrNull(data.away_team_ranking),
});
