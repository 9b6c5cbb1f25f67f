import CloseIcon from '@mui/icons-material/Close';
import { Alert, Dialog, DialogContent, DialogTitle, IconButton, Typography, useMediaQuery, useTheme } from '@mui/material';
import { usePickGrid } from '../../api/member';
import { GridTable, Legend } from './PickGrid';

/**
 * Everyone's picks of the week, in the week's standing order (wins, then the tiebreaker rule of docs/product.md#constants): a game's
 * picks show once it has locked, before that only that a pick exists (the server decides what each viewer sees).
 * Cells say correct / incorrect / pending in words for assistive technology and by icon and colour to the eye; team
 * names are short labels (full names in tooltips); the table scrolls sideways inside the dialog with the name column
 * kept in view.
 */
export default function PickGridDialog({
  weekId,
  weekName,
  open,
  onClose,
  highlightUserId,
}: {
  weekId: number;
  weekName: string;
  open: boolean;
  onClose: () => void;
  highlightUserId?: number;
}) {
  const grid = usePickGrid(weekId, open);
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} maxWidth="lg" fullWidth aria-labelledby="pick-grid-title">
      <DialogTitle id="pick-grid-title" sx={{ pr: 6 }}>
        Everyone&apos;s picks · {weekName}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 1, sm: 3 } }}>
        {grid.isError ? (
          <Alert severity="error">Failed to load picks</Alert>
        ) : !grid.data ? (
          <Typography color="text.secondary">Loading picks…</Typography>
        ) : (
          <>
            <Legend />
            <GridTable grid={grid.data} weekName={weekName} highlightUserId={highlightUserId} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
