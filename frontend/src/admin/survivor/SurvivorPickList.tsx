import HistoryIcon from '@mui/icons-material/History';
import { Alert, Button, Stack } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { AutocompleteInput, CreateButton, DataTable, EditButton, List, ReferenceInput, SelectInput, SimpleList, TopToolbar, useListContext, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { dateTimeText } from '../../format';
import { useDialogRoute } from '../common/dialogRoute';
import { LoadError, quietLoad, useIsSmall } from '../common/listParts';
import { survivorAuditsPath } from './contestLinks';
import { ContestFilterInput } from './ContestFilterInput';
import { DeleteSurvivorPickButton } from './DeleteSurvivorPickButton';
import { useContestWeeks } from './SurvivorPickInputs';
import { SurvivorPickCreate } from './SurvivorPickCreate';
import { SurvivorPickEdit } from './SurvivorPickEdit';
import { SURVIVOR_TEXTS, teamText } from './survivorTexts';
import type { SurvivorPick } from './survivorTypes';

/** The contest's weeks; a new contest clears the week. */
function WeekFilter({ alwaysOn: _alwaysOn }: { alwaysOn?: boolean }) {
  const contestId = useWatch({ name: 'survivor_contest_id' }) as number | '' | undefined;
  const { weeks, isPending } = useContestWeeks(contestId ?? '');
  const { setValue } = useFormContext();
  const previous = useRef(contestId);
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== '' && previous.current !== contestId) setValue('week_id', '');
    previous.current = contestId;
  }, [contestId, setValue]);
  return <SelectInput source="week_id" label="Week" choices={weeks} optionText="display_name" emptyText="All weeks" disabled={!contestId} isPending={!!contestId && isPending} />;
}

const filters = [
  <ContestFilterInput key="contest" alwaysOn />,
  <WeekFilter key="week" alwaysOn />,
  <ReferenceInput key="user" source="user_id" reference="users" perPage={50} sort={{ field: 'name', order: 'ASC' }} alwaysOn>
    <AutocompleteInput label="Member" optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 220 }} />
  </ReferenceInput>,
];

const pickTeamText = (pick: SurvivorPick) => `${teamText(pick)}${pick.assigned ? ' (given as the favourite)' : ''}`;

function PickActions() {
  const pick = useRecordContext<SurvivorPick>();
  if (!pick) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }} onClick={(event) => event.stopPropagation()}>
      <EditButton />
      <DeleteSurvivorPickButton />
    </Stack>
  );
}

function PickDialogs() {
  const { creating, editId, close } = useDialogRoute('survivor_picks');
  const { filterValues } = useListContext();
  return (
    <>
      {creating && <SurvivorPickCreate onClose={close} filter={filterValues} />}
      {editId && <SurvivorPickEdit id={editId} onClose={close} />}
    </>
  );
}

function Actions() {
  const { filterValues } = useListContext();
  const contestId = filterValues.survivor_contest_id as number | undefined;
  return (
    <TopToolbar>
      <Button component={RouterLink} to={contestId ? survivorAuditsPath(contestId) : '/admin/survivor_pick_audits'} startIcon={<HistoryIcon />}>
        Audit
      </Button>
      <CreateButton label={SURVIVOR_TEXTS.addPick} variant="contained" />
    </TopToolbar>
  );
}

/**
 * docs/pool-formats.md "Survivor" > "Picks": every entrant's picks, a pick whose game is open shown as hidden (the
 * API leaves its team out); the admin's overrides (add, change, delete) each take a reason and are audited.
 */
export const SurvivorPickList = () => {
  const small = useIsSmall();
  const empty = <Alert severity="info" sx={{ m: 2 }}>{SURVIVOR_TEXTS.noPicks}</Alert>;
  return (
    <List
      title={SURVIVOR_TEXTS.picks}
      perPage={50}
      sort={{ field: 'week.number', order: 'ASC' }}
      filters={filters}
      actions={<Actions />}
      empty={false}
      error={<LoadError resource="survivor_picks" />}
      queryOptions={quietLoad}
    >
      {small ? (
        <SimpleList<SurvivorPick>
          primaryText={(pick) => `${pick.user_name}: ${pickTeamText(pick)}`}
          secondaryText={(pick) => `Week ${pick.week_number}`}
          rowClick="edit"
          empty={empty}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false} empty={empty}>
          <DataTable.Col source="user.name" label="Member" render={(pick: SurvivorPick) => pick.user_name} />
          <DataTable.NumberCol source="week.number" label="Week" render={(pick: SurvivorPick) => pick.week_number} />
          <DataTable.Col source="team_name" label="Team" disableSort render={pickTeamText} />
          <DataTable.Col source="updated_at" label="Updated" render={(pick: SurvivorPick) => dateTimeText(pick.updated_at)} />
          <DataTable.Col label="Actions" align="right">
            <PickActions />
          </DataTable.Col>
        </DataTable>
      )}
      <PickDialogs />
    </List>
  );
};
