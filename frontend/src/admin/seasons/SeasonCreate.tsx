import { CreateDialog } from '../common/FormDialog';
import { DEFAULT_SEASON_RULES } from '../../api/seasonRules';
import { seasonBody, SeasonInputs } from './SeasonInputs';

export const SeasonCreate = ({ onClose }: { onClose: () => void }) => (
  <CreateDialog resource="seasons" title="Add Football Season" successMessage="Football season added" onClose={onClose} transform={seasonBody} defaultValues={{ rules: DEFAULT_SEASON_RULES }}>
    <SeasonInputs />
  </CreateDialog>
);
