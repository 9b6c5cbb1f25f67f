import { CreateDialog } from '../common/FormDialog';
import { teamBody, TeamInputs, withoutConference } from './TeamInputs';

export const TeamCreate = ({ onClose }: { onClose: () => void }) => (
  <CreateDialog resource="teams" title="Add Team" saveLabel="Add" onClose={onClose} transform={teamBody} saveDisabled={withoutConference}>
    <TeamInputs />
  </CreateDialog>
);
