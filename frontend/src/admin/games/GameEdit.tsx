import { Alert } from '@mui/material';
import { BooleanInput, useRecordContext, type Identifier } from 'react-admin';
import { dateTimeText } from '../../format';
import { EditDialog } from '../common/FormDialog';
import { closedDeadlineQuestion, earlyFinalQuestion, gameBody, GameInputs } from './GameInputs';

/**
 * A game whose picks were shown to everyone before its kickoff was moved later, or before its early final was taken
 * back, stays locked on the server until an admin reopens it here (docs/decisions.md): the switch sends
 * `reopen_picks: true` with the save.
 */
function ReopenPicksInput() {
  const record = useRecordContext<{ picks_locked_at?: string | null }>();
  if (!record?.picks_locked_at) return null;
  return (
    <>
      <Alert severity="warning" sx={{ mb: 1 }}>
        Picks for this game stay closed: every member's pick was shown before its kickoff moved later or its final was taken back (locked{' '}
        {dateTimeText(record.picks_locked_at)}).
      </Alert>
      <BooleanInput source="reopen_picks" label="Reopen picks until the new deadline" defaultValue={false} />
    </>
  );
}

/** The game's fields as gameBody sends them, and the reopening when the admin asked for it. */
export const gameEditBody = (data: Record<string, unknown>) => ({ ...gameBody(data), ...(data.reopen_picks === true ? { reopen_picks: true } : {}) });

export const GameEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => (
  <EditDialog
    resource="games"
    id={id}
    title="Edit Game"
    onClose={onClose}
    transform={gameEditBody}
    confirmSave={(values, stored) => {
      const before = stored as { game_date?: string; status?: string } | undefined;
      return closedDeadlineQuestion(values, before) ?? earlyFinalQuestion(values, before);
    }}
  >
    <ReopenPicksInput />
    <GameInputs />
  </EditDialog>
);
