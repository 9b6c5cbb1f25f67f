import { Box, Button, Link, Typography } from '@mui/material';
import { CreateButton, DataTable, List, ReferenceInput, SelectInput, SimpleList, TextInput, TopToolbar, useGetList, useListContext, useRecordContext } from 'react-admin';
import { useDialogRoute } from '../common/dialogRoute';
import { EmptyList, LoadError, quietLoad, RowActions, useIsSmall } from '../common/listParts';
import { TeamCreate } from './TeamCreate';
import { TeamCsvActions } from './TeamCsv';
import { TeamEdit } from './TeamEdit';
import type { Team } from '../../api/types';

/** docs/product.md#screens count text while a filter is on. */
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

type TeamRow = Team;

const joined = (...parts: (string | null | undefined)[]) => parts.filter((part) => part && part.trim() !== '').join(' · ');
const place = (team: TeamRow) => [team.city, team.state].filter(Boolean).join(', ');

/** The name with its nickname and mascot beneath: three columns' worth of text in one that wraps. */
function TeamName() {
  const team = useRecordContext<TeamRow & { id: number }>();
  if (!team) return null;
  const more = joined(team.nickname, team.mascot);
  return (
    <>
      {team.name}
      {more && (
        <Typography variant="body2" color="text.secondary">
          {more}
        </Typography>
      )}
    </>
  );
}

/** The site's address without its scheme, broken anywhere so a long one wraps instead of widening the table. */
function Website() {
  const team = useRecordContext<TeamRow & { id: number }>();
  if (!team?.webpage_url) return null;
  return (
    <Link href={team.webpage_url} target="_blank" rel="noreferrer" onClick={(event) => event.stopPropagation()} sx={{ wordBreak: 'break-all' }}>
      {team.webpage_url.replace(/^https?:\/\//, '').replace(/\/$/, '')}
    </Link>
  );
}

export const TeamList = () => {
  const { creating, editId, close } = useDialogRoute('teams');
  const small = useIsSmall();
  return (
    <>
      <List
        title="Manage Teams"
        perPage={25}
        sort={{ field: 'name', order: 'ASC' }}
        filters={filters}
        actions={
          <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ClearFilter />
            <TeamCsvActions />
            <CreateButton label="Add Team" variant="contained" />
          </TopToolbar>
        }
        empty={
          <EmptyList text="No teams available." addLabel="Add Team">
            <TeamCsvActions />
          </EmptyList>
        }
        error={<LoadError resource="teams" />}
        queryOptions={quietLoad}
      >
        <TeamCount />
        {small ? (
          <SimpleList<TeamRow & { id: number }>
            primaryText={(team) => team.name}
            secondaryText={(team) => joined(team.conference?.name, `${team.wins}–${team.losses}`, place(team))}
            rowClick="edit"
            empty={<NoMatch />}
          />
        ) : (
          <DataTable rowClick={false} bulkActionButtons={false} empty={<NoMatch />}>
            <DataTable.Col source="name" label="Name">
              <TeamName />
            </DataTable.Col>
            <DataTable.Col source="city" label="Location" render={place} />
            <DataTable.Col source="conference.name" label="Conference" />
            <DataTable.NumberCol source="wins" label="Wins" />
            <DataTable.NumberCol source="losses" label="Losses" />
            <DataTable.Col source="webpage_url" label="Website" disableSort>
              <Website />
            </DataTable.Col>
            <DataTable.Col label="Actions" align="right">
              <RowActions />
            </DataTable.Col>
          </DataTable>
        )}
      </List>
      {creating && <TeamCreate onClose={close} />}
      {editId && <TeamEdit id={editId} onClose={close} />}
    </>
  );
};
