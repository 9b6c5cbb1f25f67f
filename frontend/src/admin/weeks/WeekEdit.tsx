import type { Identifier } from 'react-admin';
import { EditDialog } from '../common/FormDialog';
import { weekBody, WeekInputs } from './WeekInputs';

export const WeekEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => (
  <EditDialog resource="weeks" id={id} title="Edit Week" onClose={onClose} transform={weekBody}>
    <WeekInputs />
  </EditDialog>
);
