import { Stack } from '@mui/material';
import { BooleanInput, DateInput, maxValue, minValue, NumberInput, required, SelectInput } from 'react-admin';
import { useSeasons } from '../common/seasonWeek';
import { SELECT_SEASON } from '../../constants';

/** `alwaysOn` is read by react-admin's filter form when this is a list filter. */
export function SeasonSelectInput({ source = 'football_season_id', validate = true }: { source?: string; validate?: boolean; alwaysOn?: boolean }) {
  const seasons = useSeasons();
  return (
    <SelectInput
      source={source}
      label="Football Season"
      choices={seasons.data ?? []}
      isPending={seasons.isPending}
      optionText="name"
      validate={validate ? required(SELECT_SEASON) : undefined}
      fullWidth
    />
  );
}

export const WeekInputs = () => (
  <>
    <SeasonSelectInput />
    <NumberInput source="number" label="Week Number" min={1} max={30} step={1} validate={[required(), minValue(1), maxValue(30)]} fullWidth />
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
      <DateInput source="start_date" label="Start Date" validate={required()} fullWidth />
      <DateInput source="end_date" label="End Date" validate={required()} fullWidth />
    </Stack>
    <BooleanInput source="is_current" label="Set as Current Week" />
  </>
);

/** SPEC §7 POST /weeks and PATCH /weeks/{id}. */
export const weekBody = (data: Record<string, unknown>) => ({
  football_season_id: data.football_season_id === '' || data.football_season_id == null ? null : Number(data.football_season_id),
  number: data.number,
  start_date: data.start_date,
  end_date: data.end_date,
  is_current: !!data.is_current,
});
