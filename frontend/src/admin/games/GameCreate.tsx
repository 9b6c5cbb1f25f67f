import { CreateDialog } from '../common/FormDialog';
import { closedDeadlineQuestion, earlyFinalQuestion, GAME_REQUIRED_FIELDS, GAME_REQUIRED_TEXT, gameBody, GameInputs } from './GameInputs';

/** "Save and add another" keeps the season, the week and the kickoff (a week's games often share it). */
export const keepForNextGame = (values: Record<string, unknown>) => ({
  football_season_id: values.football_season_id,
  week_id: values.week_id,
  game_date: values.game_date,
});

export const GameCreate = ({ onClose, seasonId, weekId }: { onClose: () => void; seasonId?: unknown; weekId?: unknown }) => (
  <CreateDialog
    resource="games"
    title="Add Game"
    onClose={onClose}
    transform={gameBody}
    invalidMessage={{ fields: GAME_REQUIRED_FIELDS, text: GAME_REQUIRED_TEXT }}
    defaultValues={{ football_season_id: seasonId ?? '', week_id: weekId ?? '', status: 'scheduled', is_tiebreaker: false, winner_team_id: '', forfeit: false }}
    confirmSave={(values) => closedDeadlineQuestion(values) ?? earlyFinalQuestion(values)}
    keepForNext={keepForNextGame}
  >
    <GameInputs />
  </CreateDialog>
);
