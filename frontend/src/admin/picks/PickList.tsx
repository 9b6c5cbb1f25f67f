import { Alert } from '@mui/material';
import { AutocompleteInput, CreateButton, DataTable, List, ReferenceInput, SimpleList, TopToolbar, useListContext } from 'react-admin';
import { dateTimeText } from '../../format';
import { useDialogRoute } from '../common/dialogRoute';
import { LoadError, quietLoad, RowActions, useIsSmall } from '../common/listParts';
import { matchup } from '../games/gameText';
import { SeasonSelectInput } from '../weeks/WeekInputs';
import { WeekFilterInput } from '../weeks/WeekList';
import { PickCreate } from './PickCreate';
import { PickEdit } from './PickEdit';
import { PickHistoryButton } from './PickHistory';
import type { PickResponse } from '../../api/types';

const filters = [
  <SeasonSelectInput key="season" validate={false} alwaysOn />,
  <WeekFilterInput key="week" alwaysOn />,
  <ReferenceInput key="user" source="user_id" reference="users" perPage={50} sort={{ field: 'name', order: 'ASC' }} alwaysOn>
    <AutocompleteInput label="Member" optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 220 }} />
  </ReferenceInput>,
];

type PickRow = PickResponse;

const correctText = (pick: PickRow) => (pick.is_correct === null ? 'Not scored' : pick.is_correct ? 'Correct' : 'Incorrect');
const tiebreakerText = (pick: PickRow) =>
  pick.tiebreaker_home_score === null || pick.tiebreaker_away_score === null ? '' : `${pick.tiebreaker_away_score} – ${pick.tiebreaker_home_score}`;

/** The dialogs sit inside the list, so an override starts from the season, week and member the list shows. */
function PickDialogs() {
  const { creating, editId, close } = useDialogRoute('picks');
  const { filterValues } = useListContext();
  return (
    <>
      {creating && <PickCreate onClose={close} filter={filterValues} />}
      {editId && <PickEdit id={editId} onClose={close} />}
    </>
  );
}

export const PickList = () => {
  const small = useIsSmall();
  return (
    <>
      <List
        title="Manage Picks"
        perPage={50}
        sort={{ field: 'game.game_date', order: 'ASC' }}
        filters={filters}
        actions={
          <TopToolbar>
            <CreateButton label="Add Pick (Admin Override)" variant="contained" />
          </TopToolbar>
        }
        empty={false}
        error={<LoadError resource="picks" />}
        queryOptions={quietLoad}
      >
        {small ? (
          <SimpleList<PickRow>
            primaryText={(pick) => `${pick.user?.name ?? ''}: ${pick.selected_winner}`}
            secondaryText={(pick) => matchup(pick.game)}
            tertiaryText={(pick) => [correctText(pick), tiebreakerText(pick) && `TB ${tiebreakerText(pick)}`].filter(Boolean).join(' · ')}
            rowClick="edit"
            empty={<Alert severity="info" sx={{ m: 2 }}>No picks found.</Alert>}
          />
        ) : (
          <DataTable rowClick={false} bulkActionButtons={false} empty={<Alert severity="info" sx={{ m: 2 }}>No picks found.</Alert>}>
            <DataTable.Col source="user.name" label="Member" />
            <DataTable.Col source="game.game_date" label="Game" render={(pick: PickRow) => matchup(pick.game)} />
            <DataTable.Col source="selected_winner" label="Pick" disableSort />
            <DataTable.Col source="is_correct" label="Result" render={correctText} />
            <DataTable.Col label="Tiebreaker" render={tiebreakerText} />
            <DataTable.Col source="updated_at" label="Updated" render={(pick: { updated_at: string }) => dateTimeText(pick.updated_at)} />
            <DataTable.Col label="Actions" align="right">
              <RowActions>
                <PickHistoryButton />
              </RowActions>
            </DataTable.Col>
          </DataTable>
        )}
        <PickDialogs />
      </List>
    </>
  );
};
