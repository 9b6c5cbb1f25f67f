import type { Identifier } from 'react-admin';
import { EditDialog } from '../common/FormDialog';
import { teamBody, TeamInputs, withoutConference } from './TeamInputs';

export const TeamEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => (
  <EditDialog resource="teams" id={id} title="Edit Team" onClose={onClose} transform={teamBody} saveDisabled={withoutConference}>
    <TeamInputs />
  </EditDialog>
);
