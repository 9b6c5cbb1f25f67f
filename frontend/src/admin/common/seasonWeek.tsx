import { Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Identifier, useDataProvider, useGetList } from 'react-admin';
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
  const [chosen, setChosen] = useState<SeasonWeek | null>(null);
  const defaults: SeasonWeek = {
    seasonId: current.data?.season ? String(current.data.season.id) : '',
    weekId: current.data?.week ? String(current.data.week.id) : '',
  };
  return { ...(chosen ?? defaults), ready: !current.isPending, setSelection: setChosen };
}

/** Football Season and Week selectors (native selects: quick to use with the keyboard). */
export function SeasonWeekPicker({ seasonId, weekId, onChange, withWeek = true }: SeasonWeek & { onChange: (next: SeasonWeek) => void; withWeek?: boolean }) {
  const seasons = useSeasons();
  const weeks = useWeeksOf(seasonId);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 1 }}>
      <TextField
        select
        label="Football Season"
        size="small"
        value={seasonId}
        onChange={(event) => onChange({ seasonId: event.target.value, weekId: '' })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 220 }}
      >
        <option value="">Select a season</option>
        {(seasons.data ?? []).map((season) => (
          <option key={season.id} value={String(season.id)}>
            {season.name}
            {season.is_current ? ' (current)' : ''}
          </option>
        ))}
      </TextField>
      {withWeek && (
        <TextField
          select
          label="Week"
          size="small"
          value={weekId}
          disabled={!seasonId}
          onChange={(event) => onChange({ seasonId, weekId: event.target.value })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 180 }}
        >
          <option value="">Select a week</option>
          {(weeks.data ?? []).map((week) => (
            <option key={week.id} value={String(week.id)}>
              {week.display_name}
              {week.is_current ? ' (current)' : ''}
            </option>
          ))}
        </TextField>
      )}
    </Stack>
  );
}
