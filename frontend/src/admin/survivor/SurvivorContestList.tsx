import { DataTable, List, SimpleList } from 'react-admin';
import { StatusPill } from '../../components/StatusPill';
import { useSeasons } from '../common/seasonWeek';
import { useDialogRoute } from '../common/dialogRoute';
import { AddAction, EmptyList, LoadError, quietLoad, RowActions, useIsSmall } from '../common/listParts';
import { CalculateButton } from './CalculateButton';
import { EntrantsButton, SurvivorPicksButton } from './contestLinks';
import { SURVIVOR_TEXTS } from './survivorTexts';
import { SurvivorContestCreate } from './SurvivorContestCreate';
import { SurvivorContestEdit } from './SurvivorContestEdit';
import type { SurvivorContest } from './survivorTypes';

const FinishedPill = ({ contest }: { contest: SurvivorContest }) =>
  contest.finished ? <StatusPill tone="good">Finished</StatusPill> : <StatusPill tone="neutral">Running</StatusPill>;

/** docs/pool-formats.md "Survivor": each season's contest with its entrants, who is alive and whether it is over. */
export const SurvivorContestList = () => {
  const { creating, editId, close } = useDialogRoute('survivor_contests');
  const small = useIsSmall();
  const seasons = useSeasons();
  const seasonName = (contest: SurvivorContest) => seasons.data?.find((season) => season.id === contest.football_season_id)?.name ?? '';
  return (
    <>
      <List
        title={SURVIVOR_TEXTS.contests}
        perPage={25}
        sort={{ field: 'id', order: 'DESC' }}
        actions={<AddAction label={SURVIVOR_TEXTS.addContest} />}
        empty={<EmptyList text={SURVIVOR_TEXTS.noContests} addLabel={SURVIVOR_TEXTS.addContest} />}
        error={<LoadError resource="survivor_contests" />}
        queryOptions={quietLoad}
      >
        {small ? (
          <SimpleList<SurvivorContest>
            primaryText={(contest) => `${seasonName(contest)}: ${contest.name}`}
            secondaryText={(contest) => `${contest.entrant_count} entrants, ${contest.alive_count} alive`}
            tertiaryText={(contest) => (contest.finished ? 'Finished' : 'Running')}
            rowClick="edit"
          />
        ) : (
          <DataTable rowClick={false} bulkActionButtons={false}>
            <DataTable.Col source="football_season_id" label="Season" render={seasonName} />
            <DataTable.Col source="name" label="Name" />
            <DataTable.NumberCol source="entrant_count" label="Entrants" disableSort />
            <DataTable.NumberCol source="alive_count" label="Alive" disableSort />
            <DataTable.Col source="finished" label="Finished" disableSort render={(contest: SurvivorContest) => <FinishedPill contest={contest} />} />
            <DataTable.Col label="Actions" align="right">
              <RowActions>
                <CalculateButton />
                <EntrantsButton />
                <SurvivorPicksButton />
              </RowActions>
            </DataTable.Col>
          </DataTable>
        )}
      </List>
      {creating && <SurvivorContestCreate onClose={close} />}
      {editId && <SurvivorContestEdit id={editId} onClose={close} />}
    </>
  );
};
