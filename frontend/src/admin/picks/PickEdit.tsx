import type { Identifier } from 'react-admin';
import { EditDialog } from '../common/FormDialog';
import { PickHistoryButton } from './PickHistory';
import { editPickBody, EditPickInputs } from './PickInputs';

export const PickEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => (
  <EditDialog resource="picks" id={id} title="Edit Pick" successMessage="Pick updated" onClose={onClose} transform={editPickBody} actions={<PickHistoryButton />}>
    <EditPickInputs />
  </EditDialog>
);
