import type { Identifier } from 'react-admin';
import { EditDialog } from '../common/FormDialog';
import { DeleteSurvivorPickButton } from './DeleteSurvivorPickButton';
import { editSurvivorPickBody, EditSurvivorPickInputs } from './SurvivorPickInputs';
import { SURVIVOR_TEXTS } from './survivorTexts';

/** The override's edit; delete sits here too (with its reason), as the row's action does. */
export const SurvivorPickEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => (
  <EditDialog
    resource="survivor_picks"
    id={id}
    title={SURVIVOR_TEXTS.editPick}
    successMessage="Survivor pick updated"
    onClose={onClose}
    transform={editSurvivorPickBody}
    deletable={false}
    actions={<DeleteSurvivorPickButton onDeleted={onClose} />}
  >
    <EditSurvivorPickInputs />
  </EditDialog>
);
