import { Alert, Checkbox, LinearProgress, Stack, Typography } from '@mui/material';
import { DataTable, DeleteWithConfirmButton, List, Pagination, TopToolbar, CreateButton, useGetOne, useListContext } from 'react-admin';
import { StatusPill } from '../../components/StatusPill';
import { dateTimeText } from '../../format';
import { useDialogRoute } from '../common/dialogRoute';
import { LoadError, quietLoad, useIsSmall } from '../common/listParts';
import { ContestFilterInput } from './ContestFilterInput';
import { MarkEntrantsPaidButton } from './MarkEntrantsPaidButton';
import { SurvivorEntryCreate } from './SurvivorEntryCreate';
import { SURVIVOR_TEXTS } from './survivorTexts';
import type { SurvivorContest, SurvivorEntry } from './survivorTypes';
import { entryClosed, useContestChoices } from './useContests';

const filters = [<ContestFilterInput key="contest" alwaysOn />];

function useFilteredContest() {
  const { filterValues } = useListContext();
  const contestId = filterValues.survivor_contest_id as number | undefined;
  const contest = useGetOne<SurvivorContest>('survivor_contests', { id: contestId! }, { enabled: !!contestId });
  return { contestId, contest: contest.data };
}

function SelectCell({ row }: { row: SurvivorEntry }) {
  const { selectedIds, onToggleItem } = useListContext();
  return (
    <Checkbox
      size="small"
      checked={selectedIds.includes(row.id)}
      onClick={(event) => event.stopPropagation()}
      onChange={() => onToggleItem(row.id)}
      slotProps={{ input: { 'aria-label': `Select ${row.name}` } }}
    />
  );
}

function SelectAll() {
  const { data, selectedIds, onSelect } = useListContext<SurvivorEntry>();
  const ids = data?.map((row) => row.id) ?? [];
  const all = ids.length > 0 && ids.every((id) => selectedIds.includes(id));
  return (
    <Checkbox
      size="small"
      checked={all}
      indeterminate={!all && selectedIds.length > 0}
      onChange={() => onSelect(all ? [] : ids)}
      slotProps={{ input: { 'aria-label': 'Select every entrant' } }}
    />
  );
}

function BulkBar() {
  const { selectedIds } = useListContext();
  if (selectedIds.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ px: 2, py: 1, alignItems: 'center', flexWrap: 'wrap' }} role="toolbar" aria-label="Selected entrants">
      <Typography variant="body2">{selectedIds.length} selected</Typography>
      <MarkEntrantsPaidButton paid />
      <MarkEntrantsPaidButton paid={false} />
    </Stack>
  );
}

const PaidPill = ({ row }: { row: SurvivorEntry }) => <StatusPill tone={row.paid ? 'good' : 'warn'}>{row.paid ? 'Paid' : 'Unpaid'}</StatusPill>;
const AlivePill = ({ row }: { row: SurvivorEntry }) => <StatusPill tone={row.alive ? 'good' : 'neutral'}>{row.alive ? 'Alive' : 'Out'}</StatusPill>;

/** Remove an entrant, until entry closes (the server refuses it after). */
function RemoveButton({ closed }: { closed: boolean }) {
  if (closed) return null;
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <DeleteWithConfirmButton mutationMode="pessimistic" redirect={false} label="Remove" confirmTitle="Remove this entrant?" confirmContent="They leave the survivor contest; their picks go with them." />
    </span>
  );
}

/** The chosen contest's entrants: select rows, then Mark paid / Mark unpaid; add and remove until entry closes. */
function EntrantsTable() {
  const { contestId, contest } = useFilteredContest();
  const small = useIsSmall();
  if (!contestId) return <Alert severity="info" sx={{ m: 2 }}>{SURVIVOR_TEXTS.selectContest}</Alert>;
  const closed = entryClosed(contest);
  return (
    <>
      {closed && (
        <Alert severity="info" sx={{ m: 2 }}>
          {SURVIVOR_TEXTS.entryClosed}
        </Alert>
      )}
      <BulkBar />
      <DataTable rowClick="toggleSelection" bulkActionButtons={false} empty={<Alert severity="info" sx={{ m: 2 }}>{SURVIVOR_TEXTS.noEntrants}</Alert>}>
        <DataTable.Col label={<SelectAll />} disableSort render={(row: SurvivorEntry) => <SelectCell row={row} />} />
        <DataTable.Col source="name" label="Entrant" sx={{ overflowWrap: 'anywhere' }} />
        {!small && <DataTable.Col source="entered_at" label="Entered" render={(row: SurvivorEntry) => dateTimeText(row.entered_at)} />}
        {!small && <DataTable.Col source="entered_by" label="Entered by" disableSort render={(row: SurvivorEntry) => row.entered_by ?? 'Themselves'} />}
        <DataTable.Col source="paid" label="Paid" render={(row: SurvivorEntry) => <PaidPill row={row} />} />
        <DataTable.Col source="alive" label="Status" render={(row: SurvivorEntry) => <AlivePill row={row} />} />
        {!small && <DataTable.NumberCol source="lives_left" label="Lives left" />}
        {!small && <DataTable.NumberCol source="weeks_survived" label="Weeks survived" />}
        <DataTable.Col label="Actions" align="right" render={() => <RemoveButton closed={closed} />} />
      </DataTable>
    </>
  );
}

function Actions() {
  const { contestId, contest } = useFilteredContest();
  return <TopToolbar>{contestId && contest && !entryClosed(contest) && <CreateButton label={SURVIVOR_TEXTS.addEntrant} variant="contained" />}</TopToolbar>;
}

function EntrantDialogs() {
  const { creating, close } = useDialogRoute('survivor_entries');
  const { filterValues } = useListContext();
  return creating ? <SurvivorEntryCreate onClose={close} contestId={filterValues.survivor_contest_id as number | undefined} /> : null;
}

function ContestPagination() {
  const { filterValues } = useListContext();
  return filterValues.survivor_contest_id ? <Pagination /> : null;
}

/** docs/pool-formats.md "Survivor" > "Routes": a contest's entrants. Starts on the current season's contest. */
export const SurvivorEntryList = () => {
  const { choices, isPending, current } = useContestChoices();
  if (isPending) return <LinearProgress aria-label="Loading" />;
  const start = choices.find((choice) => choice.contest.football_season_id === current?.id) ?? choices[0];
  return (
    <List
      title={SURVIVOR_TEXTS.entrants}
      filterDefaultValues={start ? { survivor_contest_id: start.id } : {}}
      filters={filters}
      pagination={<ContestPagination />}
      perPage={100}
      sort={{ field: 'name', order: 'ASC' }}
      actions={<Actions />}
      empty={false}
      error={<LoadError resource="survivor_entries" />}
      queryOptions={quietLoad}
    >
      <EntrantsTable />
      <EntrantDialogs />
    </List>
  );
};
