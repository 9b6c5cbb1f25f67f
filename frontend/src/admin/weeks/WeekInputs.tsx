import { Stack } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { BooleanInput, DateInput, maxValue, minValue, NumberInput, required, SelectInput } from 'react-admin';
import { useSeasons, useWeeksOf } from '../common/seasonWeek';
import type { WeekRecord } from '../dataProvider';
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

/** docs/product.md#api POST /weeks and PATCH /weeks/{id}. */
export const weekBody = (data: Record<string, unknown>) => ({
  football_season_id: data.football_season_id === '' || data.football_season_id == null ? null : Number(data.football_season_id),
  number: data.number,
  start_date: data.start_date,
  end_date: data.end_date,
  is_current: !!data.is_current,
});

/** YYYY-MM-DD `days` after a YYYY-MM-DD date (calendar days, whatever the time zone). */
export function addDays(date: string, days: number): string {
  const next = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/**
 * What a new week of a season most likely is: the number after the latest week, starting the day after it ends and
 * lasting seven days; the season's first week starts with the season.
 */
export function nextWeekOf(weeks: Pick<WeekRecord, 'number' | 'end_date'>[], seasonStart?: string | null): { number: number; start_date?: string; end_date?: string } {
  const latest = weeks.reduce<Pick<WeekRecord, 'number' | 'end_date'> | null>((best, week) => (!best || week.number > best.number ? week : best), null);
  const start = latest ? addDays(latest.end_date, 1) : seasonStart ? seasonStart.slice(0, 10) : undefined;
  return { number: (latest?.number ?? 0) + 1, ...(start ? { start_date: start, end_date: addDays(start, 6) } : {}) };
}

/** Fills in the suggested number and dates of a new week for the chosen season, unless the admin typed their own. */
export function NextWeekSuggestion() {
  const seasonId = useWatch({ name: 'football_season_id' }) as string | number | undefined;
  const { setValue, getValues } = useFormContext();
  const suggested = useRef<Record<string, unknown>>({});
  const seasons = useSeasons();
  const weeks = useWeeksOf(seasonId ?? '');
  const season = seasons.data?.find((candidate) => String(candidate.id) === String(seasonId));
  useEffect(() => {
    if (!seasonId || !weeks.data || !season) return;
    const next = nextWeekOf(weeks.data, season.start_date);
    // After the form's own first reset (the form's effects run after this one, its child's).
    const timer = setTimeout(() => {
      for (const [field, value] of Object.entries(next)) {
        const now = getValues(field) as unknown;
        // Empty, or still what was suggested before (another season's): the admin has not typed their own.
        if (now === undefined || now === null || now === '' || now === suggested.current[field]) setValue(field, value, { shouldDirty: true });
      }
      suggested.current = next;
    });
    return () => clearTimeout(timer);
  }, [seasonId, weeks.data, season, setValue, getValues]);
  return null;
}
