import { CreateDialog } from '../common/FormDialog';
import { NextWeekSuggestion, weekBody, WeekInputs } from './WeekInputs';

export const WeekCreate = ({ onClose, seasonId }: { onClose: () => void; seasonId?: unknown }) => (
  <CreateDialog
    resource="weeks"
    title="Add Week"
    onClose={onClose}
    transform={weekBody}
    defaultValues={{ football_season_id: seasonId ?? '', is_current: false }}
  >
    <WeekInputs />
    <NextWeekSuggestion />
  </CreateDialog>
);
