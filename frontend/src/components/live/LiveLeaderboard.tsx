import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { memo } from 'react';
import type { LiveBoard } from '../../api/types';

type Row = LiveBoard['members'][number];

/**
 * The projected weekly leaderboard: the board's rows in the server's order (points, the tiebreaker, fewer losses),
 * with the shared rank, points and the record so far. Counted only from picks everyone may see. The live board sends
 * the first rows: the member's own row (`own`) follows them when it is not among them, and a line says how many
 * there are in all (`total`).
 */
export const LiveLeaderboard = memo(function LiveLeaderboard({ members, highlightUserId, own, total }: { members: Row[]; highlightUserId?: number; own?: Row | null; total?: number }) {
  const rows = own && !members.some((member) => member.user.id === own.user.id) ? [...members, own] : members;
  const count = total ?? members.length;
  return (
    <>
    <TableContainer>
      <Table size="small" aria-label="Projected leaderboard" sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } }, '& abbr': { textDecoration: 'none', cursor: 'help' } }}>
        <TableHead>
          <TableRow>
            <TableCell>
              <abbr title="Place this week">Rank</abbr>
            </TableCell>
            <TableCell>Member</TableCell>
            <TableCell align="right">
              <abbr title="Points so far this week">Pts</abbr>
            </TableCell>
            <TableCell align="right">
              <abbr title="Wins and losses so far this week">W–L</abbr>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((member) => {
            const mine = member.user.id === highlightUserId;
            return (
              <TableRow key={member.user.id} selected={mine} data-testid="live-leaderboard-row">
                <TableCell>{member.rank}</TableCell>
                <TableCell component="th" scope="row" sx={{ fontWeight: mine ? 700 : 400, overflowWrap: 'anywhere' }}>
                  {member.user.name}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {member.points}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {member.wins}–{member.losses}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
    {count > members.length && (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        The top {members.length} of {count} members{rows.length > members.length ? ', and you' : ''}.
      </Typography>
    )}
    </>
  );
});
