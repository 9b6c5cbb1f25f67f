import type { Identifier } from 'react-admin';
import { EditDialog } from '../common/FormDialog';
import { closedDeadlineQuestion, gameBody, GameInputs } from './GameInputs';

export const GameEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => (
  <EditDialog
    resource="games"
    id={id}
    title="Edit Game"
    onClose={onClose}
    transform={gameBody}
    confirmSave={(values, stored) => closedDeadlineQuestion(values, stored as { game_date?: string } | undefined)}
  >
    <GameInputs />
  </EditDialog>
);
