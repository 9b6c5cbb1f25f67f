import { CreateDialog } from '../common/FormDialog';
import { weekBody, WeekInputs } from './WeekInputs';

export const WeekCreate = ({ onClose, seasonId }: { onClose: () => void; seasonId?: unknown }) => (
  <CreateDialog
    resource="weeks"
    title="Add Week"
    onClose={onClose}
    transform={weekBody}
    defaultValues={{ football_season_id: seasonId ?? '', is_current: false }}
  >
    <WeekInputs />
  </CreateDialog>
);
