import type { Identifier } from 'react-admin';
import { EditDialog } from '../common/FormDialog';
import { ResetSecondFactorButton } from './ResetSecondFactorButton';
import { userBody, UserInputs } from './UserInputs';

export const UserEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => (
  <EditDialog resource="users" id={id} title="Edit User" onClose={onClose} transform={userBody} actions={<ResetSecondFactorButton />}>
    <UserInputs />
  </EditDialog>
);
