import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { memo } from 'react';
import type { LiveBoard } from '../../api/types';

/**
 * The projected weekly leaderboard: the board's rows in the server's order (points, the tiebreaker, fewer losses),
 * with the shared rank, points and the record so far. Counted only from picks everyone may see.
 */
export const LiveLeaderboard = memo(function LiveLeaderboard({ members, highlightUserId }: { members: LiveBoard['members']; highlightUserId?: number }) {
  return (
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
          {members.map((member) => {
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
  );
});
