import type { Identifier } from 'react-admin';
import { EditDialog } from '../common/FormDialog';
import { CalculateButton } from './CalculateButton';
import { EntrantsButton, SurvivorPicksButton } from './contestLinks';
import { SURVIVOR_TEXTS } from './survivorTexts';
import { survivorContestBody, SurvivorContestInputs } from './SurvivorContestInputs';

export const SurvivorContestEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => (
  <EditDialog
    resource="survivor_contests"
    id={id}
    title={SURVIVOR_TEXTS.editContest}
    successMessage="Survivor contest updated"
    onClose={onClose}
    transform={survivorContestBody}
    actions={
      <>
        <CalculateButton />
        <EntrantsButton />
        <SurvivorPicksButton />
      </>
    }
  >
    <SurvivorContestInputs />
  </EditDialog>
);
