/**
 * The pick grid's table and legend, shared by the pick grid dialog (PickGridDialog.tsx, loaded when opened) and the
 * live board, which shows them in the page: its own module, so the live board's first load carries no dialog code.
 */
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LockIcon from '@mui/icons-material/Lock';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, type Theme, useTheme } from '@mui/material';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import type { PickGrid, PickGridCell } from '../../api/types';
import { ordinal } from '../../format';
import { teamAbbreviations } from './teamAbbreviations';
import '../cards.css';
import './PickGrid.css';

type CellKind = 'correct' | 'incorrect' | 'pending' | 'void' | 'push' | 'hidden' | 'none';

/** Each kind of cell: its words (never colour alone), its icon and its colours, AA in both palettes. */
const KINDS: Record<CellKind, { label: string; icon?: ReactNode; light: { bg: string; fg: string }; dark: { bg: string; fg: string } }> = {
  correct: { label: 'Correct', icon: <CheckCircleIcon />, light: { bg: '#dcfce7', fg: '#14532d' }, dark: { bg: '#14532d', fg: '#dcfce7' } },
  incorrect: { label: 'Incorrect', icon: <CancelIcon />, light: { bg: '#fee2e2', fg: '#7f1d1d' }, dark: { bg: '#7f1d1d', fg: '#fee2e2' } },
  pending: { label: 'Pending', icon: <ScheduleIcon />, light: { bg: 'transparent', fg: 'inherit' }, dark: { bg: 'transparent', fg: 'inherit' } },
  void: { label: 'Cancelled game', light: { bg: 'transparent', fg: 'inherit' }, dark: { bg: 'transparent', fg: 'inherit' } },
  push: { label: 'Push (landed on the line)', light: { bg: 'transparent', fg: 'inherit' }, dark: { bg: 'transparent', fg: 'inherit' } },
  hidden: { label: 'Picked, hidden until the game locks', icon: <LockIcon />, light: { bg: 'transparent', fg: 'inherit' }, dark: { bg: 'transparent', fg: 'inherit' } },
  none: { label: 'No pick', light: { bg: 'transparent', fg: 'inherit' }, dark: { bg: 'transparent', fg: 'inherit' } },
};

const kindOf = (cell: PickGridCell | undefined): CellKind => {
  if (!cell || cell.status === 'none') return 'none';
  if (cell.status === 'hidden') return 'hidden';
  return cell.result ?? (cell.is_correct === true ? 'correct' : cell.is_correct === false ? 'incorrect' : 'pending');
};

const hasScores = (cell: PickGridCell | undefined): cell is PickGridCell & { tiebreaker_home_score: number; tiebreaker_away_score: number } =>
  cell?.tiebreaker_home_score !== null && cell?.tiebreaker_home_score !== undefined && cell.tiebreaker_away_score !== null && cell.tiebreaker_away_score !== undefined;

/** The grid's legend (in the pick grid dialog and above the live board's grid). */
export function Legend() {
  return (
    <Box component="ul" aria-label="Legend" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 1.5, typography: 'body2' }}>
      {(['correct', 'incorrect', 'pending', 'hidden'] as const).map((kind) => (
        <Box component="li" key={kind} sx={(theme) => ({ ...cellColours(theme, kind), display: 'inline-flex', alignItems: 'center', gap: 0.5, px: 0.75, borderRadius: 1, '& svg': { fontSize: '1rem' } })}>
          {KINDS[kind].icon}
          {kind === 'hidden' ? 'Picked (hidden until locked)' : KINDS[kind].label}
        </Box>
      ))}
      <Box component="li">— No pick</Box>
      <Box component="li">
        <strong>W</strong> wins this week
      </Box>
      <Box component="li">
        <strong>TB</strong> tiebreaker guess (away–home), how far off
      </Box>
    </Box>
  );
}

const cellColours = (theme: Theme, kind: CellKind) => {
  const colours = KINDS[kind][theme.palette.mode];
  return { bgcolor: colours.bg, color: colours.fg };
};

/** The sticky first column: it stays in view while the games scroll sideways inside the table. */
const stickySx = { position: 'sticky', left: 0, zIndex: 2, bgcolor: 'background.paper', borderRight: 1, borderRightColor: 'divider' } as const;

/**
 * The grid itself, scrolling inside its own box (the dialog's and the live board's). The box is positioned so the
 * cells' absolutely positioned screen-reader texts are laid out and clipped inside it: otherwise they hang off the
 * page's initial containing block at their columns' places and widen the whole document on a narrow screen.
 */
export function GridTable({ grid, weekName, highlightUserId }: { grid: PickGrid; weekName: string; highlightUserId?: number }) {
  const mode = useTheme().palette.mode;
  const labels = useMemo(() => teamAbbreviations(grid.games.flatMap((game) => [game.away_team.name, game.home_team.name])), [grid.games]);
  const label = (name: string) => labels.get(name) ?? name;
  const tiebreakerGame = grid.games.find((game) => game.is_tiebreaker);
  return (
    <TableContainer sx={{ position: 'relative', maxHeight: { xs: 'calc(100dvh - 190px)', sm: '65vh' }, overflow: 'auto' }} tabIndex={0} aria-label={`Everyone's picks, ${weekName}, scrolls sideways`} role="region">
      <Table size="small" stickyHeader aria-label={`Everyone's picks, ${weekName}`} sx={{ '& td, & th': { px: 0.75, py: 0.5, whiteSpace: 'nowrap' }, '& abbr': { textDecoration: 'none' } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...stickySx, zIndex: 3 }}>Member</TableCell>
            <TableCell align="right">
              <abbr title="Wins this week">W</abbr>
            </TableCell>
            <TableCell align="right">
              <abbr title="Tiebreaker guess (away–home) and how far off it was">TB</abbr>
            </TableCell>
            {grid.games.map((game) => (
              <TableCell key={game.id} align="center" sx={{ typography: 'caption', fontWeight: 600, lineHeight: 1.3 }}>
                <abbr title={`${game.away_team.name} @ ${game.home_team.name}`}>
                  {label(game.away_team.name)}
                  <br />@{label(game.home_team.name)}
                </abbr>
                {game.is_tiebreaker && (
                  <Box component="span" sx={{ display: 'block' }}>
                    <abbr title="Tiebreaker game">TB</abbr>
                  </Box>
                )}
                {!game.locked && (
                  <Box component="span" sx={{ display: 'block', fontWeight: 400 }}>
                    open
                  </Box>
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {grid.members.map((member) => {
            const mine = member.user.id === highlightUserId;
            const guess = tiebreakerGame && member.picks.find((cell) => cell.game_id === tiebreakerGame.id);
            return (
              <TableRow key={member.user.id} selected={mine} data-testid="pick-grid-row">
                <TableCell component="th" scope="row" sx={{ ...stickySx, ...(mine ? { fontWeight: 700, boxShadow: (theme) => `inset 4px 0 0 ${theme.palette.primary.main}` } : {}), maxWidth: { xs: 116, sm: 220 }, overflow: 'hidden', textOverflow: 'ellipsis' }} title={member.user.name}>
                  <Box component="span" sx={{ color: 'text.secondary', mr: 0.5 }}>
                    {member.rank}.
                  </Box>
                  {member.user.name}
                  <span className="tg-sr-only">, {ordinal(member.rank)}</span>
                </TableCell>
                <td className="pick-grid__cell pick-grid__wins">{member.wins}</td>
                <td className="pick-grid__cell pick-grid__guess">
                  {hasScores(guess) ? (
                    <>
                      {guess.tiebreaker_away_score}–{guess.tiebreaker_home_score}
                      {member.tiebreaker_score !== null && <span className="pick-grid__off">off {member.tiebreaker_score}</span>}
                    </>
                  ) : guess?.status === 'hidden' ? (
                    <LockIcon titleAccess="Hidden until the game locks" sx={{ fontSize: '1rem', verticalAlign: 'middle' }} />
                  ) : (
                    '—'
                  )}
                </td>
                {grid.games.map((game) => {
                  const cell = member.picks.find((entry) => entry.game_id === game.id);
                  const kind = kindOf(cell);
                  const colours = KINDS[kind][mode];
                  return (
                    <td
                      key={game.id}
                      className="pick-grid__cell pick-grid__pick"
                      data-result={kind}
                      title={cell?.selected_winner ? `${cell.selected_winner}: ${KINDS[kind].label}` : KINDS[kind].label}
                      style={{ backgroundColor: colours.bg, color: colours.fg, fontWeight: kind === 'correct' ? 700 : 400 }}
                    >
                      {kind === 'none' ? (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="tg-sr-only">No pick</span>
                        </>
                      ) : kind === 'hidden' ? (
                        <>
                          {KINDS.hidden.icon}
                          <span className="tg-sr-only">Picked, hidden until the game locks</span>
                        </>
                      ) : (
                        <>
                          {kind !== 'pending' && KINDS[kind].icon}
                          {label(cell?.selected_winner ?? '')}
                          <span className="tg-sr-only">{` ${cell?.selected_winner}, ${KINDS[kind].label.toLowerCase()}`}</span>
                        </>
                      )}
                    </td>
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
