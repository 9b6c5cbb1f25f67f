import { DataTable, List, SearchInput, SimpleList, TopToolbar } from 'react-admin';
import { useDialogRoute } from '../common/dialogRoute';
import { LoadError, quietLoad, RowActions, useIsSmall } from '../common/listParts';
import { UserEdit } from './UserEdit';
import type { Profile } from '../../api/types';

const filters = [<SearchInput key="q" source="q" placeholder="Search by name or email" alwaysOn />];

/** Manage Users (docs/product.md#screens). Members join through invitations, so there is no add dialog here. */
export const UserList = () => {
  const { editId, close } = useDialogRoute('users');
  const small = useIsSmall();
  return (
    <>
      <List
        title="Manage Users"
        perPage={25}
        sort={{ field: 'name', order: 'ASC' }}
        filters={filters}
        actions={<TopToolbar />}
        error={<LoadError resource="users" />}
        queryOptions={quietLoad}
      >
        {small ? (
          <SimpleList<Profile>
            primaryText={(user) => user.name}
            secondaryText={(user) => user.email}
            tertiaryText={(user) => `${user.role} · ${user.wins}–${user.losses}`}
            rowClick="edit"
            sx={{ '& .MuiListItemText-secondary': { wordBreak: 'break-all' } }}
          />
        ) : (
          <DataTable rowClick={false} bulkActionButtons={false}>
            <DataTable.Col source="email" label="Email" />
            <DataTable.Col source="name" label="Name" />
            <DataTable.Col source="role" label="Role" />
            <DataTable.NumberCol source="wins" label="Wins" />
            <DataTable.NumberCol source="losses" label="Losses" />
            <DataTable.Col label="Actions" align="right">
              <RowActions />
            </DataTable.Col>
          </DataTable>
        )}
      </List>
      {editId && <UserEdit id={editId} onClose={close} />}
    </>
  );
};
