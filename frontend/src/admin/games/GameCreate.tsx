import { CreateDialog } from '../common/FormDialog';
import { GAME_REQUIRED_FIELDS, GAME_REQUIRED_TEXT, gameBody, GameInputs } from './GameInputs';

export const GameCreate = ({ onClose, seasonId, weekId }: { onClose: () => void; seasonId?: unknown; weekId?: unknown }) => (
  <CreateDialog
    resource="games"
    title="Add Game"
    onClose={onClose}
    transform={gameBody}
    invalidMessage={{ fields: GAME_REQUIRED_FIELDS, text: GAME_REQUIRED_TEXT }}
    defaultValues={{ football_season_id: seasonId ?? '', week_id: weekId ?? '', status: 'scheduled', is_tiebreaker: false, winner_team_id: '' }}
  >
    <GameInputs />
  </CreateDialog>
);
