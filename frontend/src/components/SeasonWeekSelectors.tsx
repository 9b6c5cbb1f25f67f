import { Box } from '@mui/material';
import { useSeason, useSeasons } from '../api/member';
import type { Season, SeasonWeek } from '../api/types';
import { SelectInput } from './form/SelectInput';
import { useSeasonWeekChoice } from './useSeasonWeekChoice';

/** docs/product.md#states defaults: the current season, then its week with status current, else its first week. */
export const defaultSeason = (seasons: Season[] | undefined): Season | undefined =>
  seasons?.find((season) => season.current || season.is_current) ?? seasons?.[0];

export const defaultWeek = (weeks: SeasonWeek[] | undefined): SeasonWeek | undefined =>
  weeks?.find((week) => week.status === 'current') ?? weeks?.[0];

const STATUS_LABELS: Record<string, string> = { past: 'past', current: 'current', upcoming: 'upcoming' };
/** "Week 3 (current)"; a status the app does not know is shown as the server sent it (docs/product.md#data). */
export const weekLabel = (week: SeasonWeek) => `${week.display_name ?? `Week ${week.number}`}${week.status ? ` (${STATUS_LABELS[week.status] ?? week.status})` : ''}`;

/** The selected season and week of a screen, defaulting per docs/product.md#states until the member chooses. */
export function useSeasonWeek() {
  const seasons = useSeasons();
  const choice = useSeasonWeekChoice<number | null>(defaultSeason(seasons.data)?.id ?? null);
  const { seasonId } = choice;
  const season = useSeason(seasonId);
  const weeks = season.data?.weeks ?? [];
  const weekId = choice.weekIdOr(defaultWeek(weeks)?.id ?? null);
  return {
    seasons,
    season,
    seasonId,
    weekId,
    week: weeks.find((week) => week.id === weekId),
    /** Whether the member chose the week (else it is the default). */
    weekChosen: choice.weekChosen,
    setSeasonId: (id: number) => choice.chooseSeason(id),
    setWeekId: (id: number) => choice.chooseWeek(id),
  };
}

export type SeasonWeekSelection = ReturnType<typeof useSeasonWeek>;

/** The season and week selectors of the dashboard and the results screen. */
export function SeasonWeekSelectors({ selection }: { selection: SeasonWeekSelection }) {
  const { seasons, season, seasonId, weekId, setSeasonId, setWeekId } = selection;
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', my: 2 }}>
      <SelectInput label="Season" sx={{ flex: '1 1 200px' }} value={seasonId ?? ''} onChange={(value) => setSeasonId(Number(value))} disabled={!seasons.data?.length}>
        {!seasons.data?.length && <option value="">{seasons.isPending ? 'Loading…' : 'No seasons'}</option>}
        {seasons.data?.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
            {option.current || option.is_current ? ' (current)' : ''}
          </option>
        ))}
      </SelectInput>
      <SelectInput label="Week" sx={{ flex: '1 1 200px' }} value={weekId ?? ''} onChange={(value) => setWeekId(Number(value))} disabled={!season.data?.weeks?.length}>
        {!season.data?.weeks?.length && <option value="">{season.isPending && seasonId !== null ? 'Loading…' : 'No weeks'}</option>}
        {season.data?.weeks?.map((week) => (
          <option key={week.id} value={week.id}>
            {weekLabel(week)}
          </option>
        ))}
      </SelectInput>
    </Box>
  );
}
