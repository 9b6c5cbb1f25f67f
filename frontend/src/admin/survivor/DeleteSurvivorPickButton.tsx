import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { failureText } from '../../api/failure';
import { useAdminMutation } from '../common/useAdminMutation';
import { deleteSurvivorPick } from './survivorCalls';
import { SURVIVOR_TEXTS } from './survivorTexts';
import type { SurvivorPick } from './survivorTypes';

/** DELETE /survivor_picks/{id} with its required reason, asked for in a dialog of its own. */
export function DeleteSurvivorPickButton({ onDeleted }: { onDeleted?: () => void }) {
  const pick = useRecordContext<SurvivorPick>();
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const deleting = useAdminMutation({
    mutationFn: () => deleteSurvivorPick(pick!.id, reason.trim()),
    onSuccess: () => {
      notify('Survivor pick deleted', { type: 'info' });
      setOpen(false);
      onDeleted?.();
      refresh();
    },
  });
  if (!pick) return null;
  const missing = reason.trim() === '';
  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteIcon />}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        Delete
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby={titleId} onClick={(event) => event.stopPropagation()}>
          <DialogTitle id={titleId}>Delete this survivor pick?</DialogTitle>
          <DialogContent>
            {deleting.error && <Alert severity="error">{failureText(deleting.error, 'Delete failed')}</Alert>}
            <TextField
              label="Reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              error={tried && missing}
              helperText={tried && missing ? 'Required' : SURVIVOR_TEXTS.reasonHelp}
              multiline
              fullWidth
              margin="dense"
              autoFocus
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button
              color="error"
              variant="contained"
              disabled={deleting.isPending}
              onClick={() => {
                setTried(true);
                if (!missing) deleting.mutate();
              }}
            >
              Delete
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
