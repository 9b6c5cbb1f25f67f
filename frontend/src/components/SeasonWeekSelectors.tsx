import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { useSeason, useSeasons, useWeek } from '../api/member';
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

/** The week a link names (`?week=<id>`: push notifications and e-mails), or null when there is none or it is no id. */
export function linkedWeekId(search: string): number | null {
  const raw = new URLSearchParams(search).get('week');
  return raw !== null && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}

/**
 * The week of the page's link (docs/member-pages.md#links-to-a-week) and its season, once GET /api/weeks/{id} says
 * which season it is and that season (listed among the member's seasons) lists it; null for no link or one that
 * does not lead anywhere (unknown, malformed, another pool's week), which falls back to the default quietly.
 * `waiting` while that is not known yet.
 */
function useLinkedWeek(seasons: Season[] | undefined, seasonsPending: boolean) {
  const { search } = useLocation();
  const weekId = useMemo(() => linkedWeekId(search), [search]);
  const week = useWeek(weekId);
  const seasonId = week.data?.football_season_id;
  const listed = seasonId !== undefined && seasons?.some((season) => season.id === seasonId) === true;
  const season = useSeason(listed ? seasonId : null);
  const waiting = weekId !== null && (week.isPending || seasonsPending || (listed && season.isPending));
  const found = listed && season.data?.weeks?.some((candidate) => candidate.id === weekId) === true;
  return { waiting, link: found ? { seasonId: seasonId, weekId: weekId! } : null };
}

/**
 * The selected season and week of a screen, defaulting per docs/product.md#states until the member chooses; a link's
 * `?week=` is taken as the member's choice.
 */
export function useSeasonWeek() {
  const seasons = useSeasons();
  const { waiting, link } = useLinkedWeek(seasons.data, seasons.isPending);
  const choice = useSeasonWeekChoice<number | null>(waiting ? null : (link?.seasonId ?? defaultSeason(seasons.data)?.id ?? null));
  const { seasonId } = choice;
  const season = useSeason(seasonId);
  const weeks = season.data?.weeks ?? [];
  // The linked week stands in the linked season until the member chooses another week there.
  const linked = link !== null && seasonId === link.seasonId && !choice.weekChosen;
  const weekId = linked ? link.weekId : choice.weekIdOr(defaultWeek(weeks)?.id ?? null);
  return {
    seasons,
    season,
    seasonId,
    weekId,
    week: weeks.find((week) => week.id === weekId),
    /** Whether the member chose the week, or a link did (else it is the default). */
    weekChosen: choice.weekChosen || linked,
    /** Whether the link's week is still being looked up (nothing is selected meanwhile). */
    waiting,
    setSeasonId: (id: number) => choice.chooseSeason(id),
    setWeekId: (id: number) => choice.chooseWeek(id),
  };
}

export type SeasonWeekSelection = ReturnType<typeof useSeasonWeek>;

/** The season and week selectors of the dashboard and the results screen. */
export function SeasonWeekSelectors({ selection }: { selection: SeasonWeekSelection }) {
  const { seasons, season, seasonId, weekId, waiting, setSeasonId, setWeekId } = selection;
  return (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', margin: '16px 0' }}>
      <SelectInput label="Season" style={{ flex: '1 1 200px' }} value={seasonId ?? ''} onChange={(value) => setSeasonId(Number(value))} disabled={!seasons.data?.length || waiting}>
        {(!seasons.data?.length || waiting) && <option value="">{seasons.isPending || waiting ? 'Loading…' : 'No seasons'}</option>}
        {seasons.data?.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
            {option.current || option.is_current ? ' (current)' : ''}
          </option>
        ))}
      </SelectInput>
      <SelectInput label="Week" style={{ flex: '1 1 200px' }} value={weekId ?? ''} onChange={(value) => setWeekId(Number(value))} disabled={!season.data?.weeks?.length}>
        {!season.data?.weeks?.length && <option value="">{(season.isPending && seasonId !== null) || waiting ? 'Loading…' : 'No weeks'}</option>}
        {season.data?.weeks?.map((week) => (
          <option key={week.id} value={week.id}>
            {weekLabel(week)}
          </option>
        ))}
      </SelectInput>
    </div>
  );
}
