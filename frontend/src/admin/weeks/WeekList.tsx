import { Alert, Button, Chip, LinearProgress } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { CreateButton, DataTable, List, Pagination, SelectInput, SimpleList, TopToolbar, useListContext, useRecordContext } from 'react-admin';
import { dateText } from '../../format';
import { useDialogRoute } from '../common/dialogRoute';
import { LoadError, quietLoad, RowActions, useIsSmall } from '../common/listParts';
import { useCurrentSeasonWeek, useWeeksOf } from '../common/seasonWeek';
import type { WeekRecord } from '../dataProvider';
import { SeasonSelectInput } from './WeekInputs';
import { WeekCreate } from './WeekCreate';
import { WeekEdit } from './WeekEdit';

const STATUS_TEXT: Record<string, string> = { past: 'Past', upcoming: 'Upcoming', current: 'Current' };
/** docs/product.md#data: past, upcoming, current; any other value is shown raw. */
export const weekStatusText = (status: string) => STATUS_TEXT[status] ?? status;

/** A calendar date (YYYY-MM-DD) as "Sep 13": short enough for a phone's week menu. */
const dayText = (value: string) => new Date(`${value.slice(0, 10)}T00:00:00Z`).toLocaleDateString(undefined, { timeZone: 'UTC', month: 'short', day: 'numeric' });

/** "Week 3 · Sep 13 – Sep 19": a week told apart by its days (the week to score is the one of last Saturday). */
export const weekChoiceText = (week: Pick<WeekRecord, 'display_name' | 'start_date' | 'end_date'>) =>
  week.start_date && week.end_date ? `${week.display_name} · ${dayText(week.start_date)} – ${dayText(week.end_date)}` : week.display_name;

/** The week filter lists the chosen season's weeks with their days, and starts over when the season changes. */
export function WeekFilterInput({ source = 'week_id', alwaysOn: _alwaysOn }: { source?: string; alwaysOn?: boolean }) {
  const seasonId = useWatch({ name: 'football_season_id' }) as string | number | undefined;
  const { setValue } = useFormContext();
  const weeks = useWeeksOf(seasonId ?? '');
  const previous = useRef(seasonId);
  useEffect(() => {
    // Only a change of season by the admin clears the week (not the filter form filling itself in).
    if (previous.current !== undefined && previous.current !== '' && previous.current !== seasonId) setValue(source, '');
    previous.current = seasonId;
  }, [seasonId, setValue, source]);
  return (
    <SelectInput
      source={source}
      label="Week"
      choices={weeks.data ?? []}
      optionText={weekChoiceText}
      emptyText="All weeks"
      disabled={!seasonId}
      isPending={!!seasonId && weeks.isPending}
    />
  );
}

const filters = [<SeasonSelectInput key="season" validate={false} alwaysOn />, <WeekFilterInput key="week" alwaysOn />];

function ResetFilters() {
  const { filterValues, setFilters } = useListContext();
  return (
    <Button variant="outlined" disabled={Object.keys(filterValues).length === 0} onClick={() => setFilters({}, [])}>
      Reset Filters
    </Button>
  );
}

function WeekStatus() {
  const week = useRecordContext<WeekRecord>();
  if (!week) return null;
  return <Chip size="small" label={weekStatusText(week.status)} color={week.status === 'current' ? 'success' : 'default'} variant={week.status === 'current' ? 'filled' : 'outlined'} />;
}

/** Weeks of the chosen season; without one, the prompt of docs/product.md#screens. */
function WeekTable() {
  const { filterValues } = useListContext();
  const small = useIsSmall();
  if (!filterValues.football_season_id) return <Alert severity="info" sx={{ m: 2 }}>Select a football season to view weeks</Alert>;
  const none = <Alert severity="info" sx={{ m: 2 }}>No weeks in this season yet.</Alert>;
  if (small) {
    return (
      <SimpleList<WeekRecord>
        primaryText={(week) => `${week.display_name}${week.is_current ? ' (current)' : ''}`}
        secondaryText={(week) => `${dateText(week.start_date)} – ${dateText(week.end_date)} · ${week.games_count} games`}
        tertiaryText={(week) => weekStatusText(week.status)}
        rowClick="edit"
        empty={none}
      />
    );
  }
  return (
    <DataTable rowClick={false} bulkActionButtons={false} empty={none}>
      <DataTable.Col source="number" label="Week" render={(week: WeekRecord) => week.display_name} />
      <DataTable.Col source="football_season.name" label="Season" />
      <DataTable.Col source="start_date" label="Start Date" render={(week: WeekRecord) => dateText(week.start_date)} />
      <DataTable.Col source="end_date" label="End Date" render={(week: WeekRecord) => dateText(week.end_date)} />
      <DataTable.Col label="Status" disableSort>
        <WeekStatus />
      </DataTable.Col>
      <DataTable.Col source="is_current" label="Current Week" render={(week: WeekRecord) => (week.is_current ? 'Yes' : '')} />
      <DataTable.NumberCol source="games_count" label="Games" disableSort />
      <DataTable.Col label="Actions" align="right">
        <RowActions />
      </DataTable.Col>
    </DataTable>
  );
}

/** The dialogs sit inside the list, so a new week starts in the season the list shows. */
function WeekDialogs() {
  const { creating, editId, close } = useDialogRoute('weeks');
  const { filterValues } = useListContext();
  return (
    <>
      {creating && <WeekCreate onClose={close} seasonId={filterValues.football_season_id} />}
      {editId && <WeekEdit id={editId} onClose={close} />}
    </>
  );
}

/** No count ("1-15 of 15") under the prompt to choose a season: the list shows no weeks then. */
function SeasonPagination() {
  const { filterValues } = useListContext();
  return filterValues.football_season_id ? <Pagination /> : null;
}

export const WeekList = () => {
  const current = useCurrentSeasonWeek();
  // The weeks of the current season first (as the games and results screens start); Reset Filters shows the prompt.
  if (current.isPending) return <LinearProgress aria-label="Loading" />;
  const defaults = current.data?.season ? { football_season_id: current.data.season.id } : {};
  return (
    <>
      <List
        filterDefaultValues={defaults}
        pagination={<SeasonPagination />}
        title="Manage Weeks"
        perPage={50}
        sort={{ field: 'number', order: 'ASC' }}
        filters={filters}
        actions={
          <TopToolbar>
            <ResetFilters />
            <CreateButton label="Add Week" variant="contained" />
          </TopToolbar>
        }
        empty={false}
        error={<LoadError resource="weeks" />}
        queryOptions={quietLoad}
      >
        <WeekTable />
        <WeekDialogs />
      </List>
    </>
  );
};
