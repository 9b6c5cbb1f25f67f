import { Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Identifier, useDataProvider, useGetList } from 'react-admin';
import { useSeasonWeekChoice } from '../../components/useSeasonWeekChoice';
import type { AdminDataProvider, SeasonRecord, WeekRecord } from '../dataProvider';

/** The current season and its current week (GET /football_seasons/current, /weeks/current); null where there is none. */
export function useCurrentSeasonWeek() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  return useQuery({
    queryKey: ['admin', 'current-season-week'],
    queryFn: async () => {
      const season = await dataProvider.currentSeason();
      const week = season ? await dataProvider.currentWeek(season.id) : null;
      return { season, week };
    },
    retry: false,
  });
}

export const ALL_SEASONS = { pagination: { page: 1, perPage: 200 }, sort: { field: 'start_date', order: 'DESC' as const } };

export function useSeasons() {
  return useGetList<SeasonRecord>('seasons', ALL_SEASONS);
}

export function useWeeksOf(seasonId: Identifier | '' | null | undefined) {
  return useGetList<WeekRecord>(
    'weeks',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'number', order: 'ASC' }, filter: { football_season_id: Number(seasonId) } },
    { enabled: !!seasonId },
  );
}

export interface SeasonWeek {
  seasonId: string;
  weekId: string;
}

/**
 * The season and week a screen works on: the current season and its current week until the admin picks another
 * (docs/product.md#states defaults of the results screens).
 */
export function useSeasonWeekSelection() {
  const current = useCurrentSeasonWeek();
  const currentSeasonId = current.data?.season ? String(current.data.season.id) : '';
  const choice = useSeasonWeekChoice(currentSeasonId);
  const currentWeekId = current.data?.week && choice.seasonId === currentSeasonId ? String(current.data.week.id) : '';
  return { seasonId: choice.seasonId, weekId: choice.weekIdOr(currentWeekId), ready: !current.isPending, setSelection: choice.choose };
}

export type ConsoleSeasonWeekSelection = ReturnType<typeof useSeasonWeekSelection>;

/** A native select (quick to use with the keyboard) with a first empty option. */
function NativeSelect({ label, value, onChange, empty, minWidth, disabled, children }: { label: string; value: string; onChange: (value: string) => void; empty: string; minWidth: number; disabled?: boolean; children: ReactNode }) {
  return (
    <TextField
      select
      label={label}
      size="small"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth }}
    >
      <option value="">{empty}</option>
      {children}
    </TextField>
  );
}

/**
 * Football Season and Week selectors of the console's season/week screens, on a useSeasonWeekSelection. A new
 * season clears the week; `onChoose` runs after every choice (a screen's feedback that no longer applies).
 */
export function SeasonWeekPicker({ selection, onChoose, withWeek = true }: { selection: ConsoleSeasonWeekSelection; onChoose?: () => void; withWeek?: boolean }) {
  const { seasonId, weekId } = selection;
  const seasons = useSeasons();
  const weeks = useWeeksOf(seasonId);
  const choose = (next: SeasonWeek) => {
    selection.setSelection(next);
    onChoose?.();
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 1 }}>
      <NativeSelect label="Football Season" value={seasonId} onChange={(value) => choose({ seasonId: value, weekId: '' })} empty="Select a season" minWidth={220}>
        {(seasons.data ?? []).map((season) => (
          <option key={season.id} value={String(season.id)}>
            {season.name}
            {season.is_current ? ' (current)' : ''}
          </option>
        ))}
      </NativeSelect>
      {withWeek && (
        <NativeSelect label="Week" value={weekId} disabled={!seasonId} onChange={(value) => choose({ seasonId, weekId: value })} empty="Select a week" minWidth={180}>
          {(weeks.data ?? []).map((week) => (
            <option key={week.id} value={String(week.id)}>
              {week.display_name}
              {week.is_current ? ' (current)' : ''}
            </option>
          ))}
        </NativeSelect>
      )}
    </Stack>
  );
}
