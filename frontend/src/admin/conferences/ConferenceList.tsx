import { DataTable, List, SimpleList } from 'react-admin';
import { useDialogRoute } from '../common/dialogRoute';
import { AddAction, EmptyList, LoadError, quietLoad, RowActions, useIsSmall } from '../common/listParts';
import { ConferenceCreate } from './ConferenceCreate';
import { ConferenceEdit } from './ConferenceEdit';
import type { Conference } from '../../api/types';

export const ConferenceList = () => {
  const { creating, editId, close } = useDialogRoute('conferences');
  const small = useIsSmall();
  return (
    <>
      <List
        title="Manage Conferences"
        perPage={25}
        sort={{ field: 'name', order: 'ASC' }}
        actions={<AddAction label="Add Conference" />}
        empty={<EmptyList text="No conferences yet." addLabel="Add Conference" />}
        error={<LoadError resource="conferences" />}
        queryOptions={quietLoad}
      >
        {small ? (
          <SimpleList<Conference> primaryText={(conference) => conference.name} rowClick="edit" />
        ) : (
          <DataTable rowClick={false} bulkActionButtons={false}>
            <DataTable.Col source="name" label="Name" />
            <DataTable.Col label="Actions" align="right">
              <RowActions />
            </DataTable.Col>
          </DataTable>
        )}
      </List>
      {creating && <ConferenceCreate onClose={close} />}
      {editId && <ConferenceEdit id={editId} onClose={close} />}
    </>
  );
};
