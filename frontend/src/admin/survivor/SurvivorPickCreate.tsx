import { CreateDialog } from '../common/FormDialog';
import { addSurvivorPickBody, AddSurvivorPickInputs } from './SurvivorPickInputs';
import { SURVIVOR_TEXTS } from './survivorTexts';

export const SurvivorPickCreate = ({ onClose, filter }: { onClose: () => void; filter: Record<string, unknown> }) => (
  <CreateDialog
    resource="survivor_picks"
    title={SURVIVOR_TEXTS.addPick}
    successMessage="Survivor pick added"
    saveLabel="Add Pick"
    onClose={onClose}
    transform={addSurvivorPickBody}
    defaultValues={{ survivor_contest_id: filter.survivor_contest_id ?? '', user_id: filter.user_id ?? '', week_id: filter.week_id ?? '', team_id: '', reason: '' }}
  >
    <AddSurvivorPickInputs />
  </CreateDialog>
);
