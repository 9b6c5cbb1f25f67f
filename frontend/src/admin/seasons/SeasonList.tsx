import { Chip } from '@mui/material';
import { DataTable, List, SimpleList, useRecordContext } from 'react-admin';
import { dateText } from '../../format';
import { useDialogRoute } from '../common/dialogRoute';
import { AddAction, EmptyList, LoadError, quietLoad, RowActions, useIsSmall } from '../common/listParts';
import type { SeasonRecord } from '../dataProvider';
import { MakeCurrentButton } from './MakeCurrentButton';
import { SeasonCreate } from './SeasonCreate';
import { SeasonEdit } from './SeasonEdit';

/** docs/product.md#states: a season is Current or Past. */
function SeasonStatus() {
  const season = useRecordContext<SeasonRecord>();
  if (!season) return null;
  return season.is_current ? <Chip size="small" color="success" label="Current" /> : <Chip size="small" label="Past" variant="outlined" />;
}

export const SeasonList = () => {
  const { creating, editId, close } = useDialogRoute('seasons');
  const small = useIsSmall();
  return (
    <>
      <List
        title="Manage Football Seasons"
        perPage={25}
        sort={{ field: 'start_date', order: 'DESC' }}
        actions={<AddAction label="Add Season" />}
        empty={<EmptyList text="No football seasons yet." addLabel="Add Season" />}
        error={<LoadError resource="seasons" />}
        queryOptions={quietLoad}
      >
        {small ? (
          <SimpleList<SeasonRecord>
            primaryText={(season) => season.name}
            secondaryText={(season) => `${dateText(season.start_date)} – ${dateText(season.end_date)} · ${season.weeks_count} weeks, ${season.games_count} games`}
            tertiaryText={(season) => (season.is_current ? 'Current' : 'Past')}
            rowClick="edit"
          />
        ) : (
          <DataTable rowClick={false} bulkActionButtons={false}>
            <DataTable.Col source="name" label="Name" />
            <DataTable.NumberCol source="year" label="Year" options={{ useGrouping: false }} />
            <DataTable.Col source="start_date" label="Start Date" render={(season: SeasonRecord) => dateText(season.start_date)} />
            <DataTable.Col source="end_date" label="End Date" render={(season: SeasonRecord) => dateText(season.end_date)} />
            <DataTable.Col source="is_current" label="Status">
              <SeasonStatus />
            </DataTable.Col>
            <DataTable.NumberCol source="weeks_count" label="Weeks" disableSort />
            <DataTable.NumberCol source="games_count" label="Games" disableSort />
            <DataTable.NumberCol source="picks_count" label="Picks" disableSort />
            <DataTable.Col label="Actions" align="right">
              <RowActions>
                <MakeCurrentButton />
              </RowActions>
            </DataTable.Col>
          </DataTable>
        )}
      </List>
      {creating && <SeasonCreate onClose={close} />}
      {editId && <SeasonEdit id={editId} onClose={close} />}
    </>
  );
};
