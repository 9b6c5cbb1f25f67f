import type { Identifier } from 'react-admin';
import { EditDialog } from '../common/FormDialog';
import { conferenceBody, ConferenceInputs } from './ConferenceInputs';

export const ConferenceEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => (
  <EditDialog resource="conferences" id={id} title="Edit Conference" onClose={onClose} transform={conferenceBody}>
    <ConferenceInputs />
  </EditDialog>
);
