import { Box, Button, Typography } from '@mui/material';
import { DataTable, List, ReferenceInput, SelectInput, TextInput, TopToolbar, UrlField, useGetList, useListContext, CreateButton } from 'react-admin';
import { useDialogRoute } from '../common/dialogRoute';
import { EmptyList, LoadError, quietLoad, RowActions } from '../common/listParts';
import { TeamCreate } from './TeamCreate';
import { TeamEdit } from './TeamEdit';

/** SPEC §2 count text while a filter is on. */
export const teamCountText = (found: number, total: number) => `${found} team(s) found (filtered from ${total} total)`;

const filters = [
  <TextInput key="q" source="q" label="Search by Team Name" alwaysOn resettable={false} />,
  <ReferenceInput key="conference" source="conference_id" reference="conferences" perPage={200} sort={{ field: 'name', order: 'ASC' }} alwaysOn>
    <SelectInput label="Conference" optionText="name" emptyText="All conferences" />
  </ReferenceInput>,
];

function ClearFilter() {
  const { filterValues, setFilters } = useListContext();
  return (
    <Button variant="outlined" disabled={Object.keys(filterValues).length === 0} onClick={() => setFilters({}, [])}>
      Clear Filter
    </Button>
  );
}

/** "{n} team(s) found (filtered from {total} total)": the filtered count against every team. */
function TeamCount() {
  const { filterValues, total, isPending } = useListContext();
  const all = useGetList('teams', { pagination: { page: 1, perPage: 1 } });
  if (Object.keys(filterValues).length === 0 || isPending || total === undefined || all.total === undefined) return null;
  return (
    <Typography role="status" sx={{ px: 2, pt: 1.5 }} color="text.secondary">
      {teamCountText(total, all.total)}
    </Typography>
  );
}

function NoMatch() {
  const { filterValues } = useListContext();
  return <Box sx={{ p: 2 }}>{filterValues.q ? `No teams found matching "${filterValues.q}"` : 'No teams found matching the filter.'}</Box>;
}

export const TeamList = () => {
  const { creating, editId, close } = useDialogRoute('teams');
  return (
    <>
      <List
        title="Manage Teams"
        perPage={25}
        sort={{ field: 'name', order: 'ASC' }}
        filters={filters}
        actions={
          <TopToolbar>
            <ClearFilter />
            <CreateButton label="Add Team" variant="contained" />
          </TopToolbar>
        }
        empty={<EmptyList text="No teams available." addLabel="Add Team" />}
        error={<LoadError resource="teams" />}
        queryOptions={quietLoad}
      >
        <TeamCount />
        <DataTable rowClick={false} bulkActionButtons={false} empty={<NoMatch />}>
          <DataTable.Col source="name" label="Name" />
          <DataTable.Col source="nickname" label="Nickname" />
          <DataTable.Col source="mascot" label="Mascot" />
          <DataTable.Col source="city" label="City" />
          <DataTable.Col source="state" label="State" />
          <DataTable.Col source="conference.name" label="Conference" />
          <DataTable.NumberCol source="wins" label="Wins" />
          <DataTable.NumberCol source="losses" label="Losses" />
          <DataTable.Col source="webpage_url" label="Website" field={UrlField} />
          <DataTable.Col label="Actions" align="right">
            <RowActions />
          </DataTable.Col>
        </DataTable>
      </List>
      {creating && <TeamCreate onClose={close} />}
      {editId && <TeamEdit id={editId} onClose={close} />}
    </>
  );
};
