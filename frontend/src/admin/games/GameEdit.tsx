import type { Identifier } from 'react-admin';
import { EditDialog } from '../common/FormDialog';
import { gameBody, GameInputs } from './GameInputs';

export const GameEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => (
  <EditDialog resource="games" id={id} title="Edit Game" onClose={onClose} transform={gameBody}>
    <GameInputs />
  </EditDialog>
);
