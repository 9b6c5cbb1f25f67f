import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { usePickGrid } from '../../api/member';
import type { PickGridCell } from '../../api/types';

function cellText(cell: PickGridCell | undefined): string {
  if (!cell || cell.status === 'none') return '—';
  if (cell.status === 'hidden') return 'Picked';
  const scores =
    cell.tiebreaker_away_score !== null && cell.tiebreaker_away_score !== undefined && cell.tiebreaker_home_score !== null && cell.tiebreaker_home_score !== undefined
      ? ` (${cell.tiebreaker_away_score}–${cell.tiebreaker_home_score})`
      : '';
  const mark = cell.is_correct === true ? ' ✓' : cell.is_correct === false ? ' ✗' : '';
  return `${cell.selected_winner ?? ''}${scores}${mark}`;
}

/** Everyone's picks of the week: a game's picks show once it has locked, before that only "Picked". */
export default function PickGridDialog({ weekId, weekName, open, onClose }: { weekId: number; weekName: string; open: boolean; onClose: () => void }) {
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
      <DialogContent dividers>
        {grid.isError ? (
          <Alert severity="error">Failed to load picks</Alert>
        ) : !grid.data ? (
          <Typography color="text.secondary">Loading picks…</Typography>
        ) : (
          <TableContainer>
            <Table size="small" stickyHeader aria-label={`Everyone's picks, ${weekName}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Member</TableCell>
                  {grid.data.games.map((game) => (
                    <TableCell key={game.id} sx={{ minWidth: 120 }}>
                      {game.away_team.name} @ {game.home_team.name}
                      {game.is_tiebreaker ? ' (TB)' : ''}
                      {!game.locked && (
                        <Typography variant="caption" display="block" color="text.secondary">
                          not locked yet
                        </Typography>
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {grid.data.members.map((member) => (
                  <TableRow key={member.user.id}>
                    <TableCell component="th" scope="row">
                      {member.user.name}
                    </TableCell>
                    {grid.data.games.map((game) => (
                      <TableCell key={game.id}>{cellText(member.picks.find((cell) => cell.game_id === game.id))}</TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
    </Dialog>
  );
}
