import type { Identifier } from 'react-admin';
import { EditDialog } from '../common/FormDialog';
import { CreateWeeksButton } from '../imports/CreateWeeksButton';
import { MakeCurrentButton } from './MakeCurrentButton';
import { WhoPaidButton } from './WhoPaidButton';
import { SurvivorContestButton } from '../survivor/SurvivorContestButton';
import { seasonBody, SeasonInputs } from './SeasonInputs';

export const SeasonEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => (
  <EditDialog resource="seasons" id={id} title="Edit Football Season" successMessage="Football season updated" onClose={onClose} transform={seasonBody} actions={
      <>
        <MakeCurrentButton />
        <CreateWeeksButton />
        <WhoPaidButton />
        <SurvivorContestButton />
      </>
    }>
    <SeasonInputs />
  </EditDialog>
);
