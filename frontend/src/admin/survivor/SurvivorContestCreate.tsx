import { CreateDialog } from '../common/FormDialog';
import { DEFAULT_SURVIVOR_RULES, SURVIVOR_TEXTS } from './survivorTexts';
import { survivorContestBody, SurvivorContestInputs } from './SurvivorContestInputs';

/** Opened from the list, or from a season's edit dialog with that season chosen (react-admin's record in the location). */
export const SurvivorContestCreate = ({ onClose }: { onClose: () => void }) => (
  <CreateDialog
    resource="survivor_contests"
    title={SURVIVOR_TEXTS.addContest}
    successMessage="Survivor contest added"
    onClose={onClose}
    transform={survivorContestBody}
    defaultValues={{ ...DEFAULT_SURVIVOR_RULES, football_season_id: '', first_week_id: '' }}
  >
    <SurvivorContestInputs />
  </CreateDialog>
);
