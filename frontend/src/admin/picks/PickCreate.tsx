import { CreateDialog } from '../common/FormDialog';
import { addPickBody, AddPickInputs } from './PickInputs';

export const PickCreate = ({ onClose, filter }: { onClose: () => void; filter: Record<string, unknown> }) => (
  <CreateDialog
    resource="picks"
    title="Add Pick (Admin Override)"
    successMessage="Pick added"
    saveLabel="Add Pick"
    onClose={onClose}
    transform={addPickBody}
    defaultValues={{
      user_id: filter.user_id ?? '',
      football_season_id: filter.football_season_id ?? '',
      week_id: filter.week_id ?? '',
      game_id: '',
      selected_winner: '',
      reason: '',
    }}
  >
    <AddPickInputs />
  </CreateDialog>
);
