import { alpha, darken, lighten, styled } from '@mui/material/styles';
import { TONES } from '../tones';

/**
 * The results tables (the weekly leaderboard, the season standings) as plain `table`/`tr`/`td` elements, styled once
 * per table from the theme: MUI's Table, TableRow and TableCell cost an emotion style pass per cell, which made each
 * row of a phone's first render dear (docs/member-pages.md#bundle-web-app-weight). The look is MUI's small table's:
 * body2 text, 6 px × 16 px cells (4 px sideways on a phone), the divider under each row, the member's own row tinted
 * as a selected row. Cells take class names: `num` (right-aligned figures), `nowrap`, `wide` (left out on a phone);
 * `mine` marks the member's own row, `rank` the rank with its medal, `medal` the medal's icon.
 */
export const ResultsTable = styled('table')(({ theme }) => {
  const border = theme.palette.mode === 'light' ? lighten(alpha(theme.palette.divider, 1), 0.88) : darken(alpha(theme.palette.divider, 1), 0.68);
  return {
    display: 'table',
    width: '100%',
    borderCollapse: 'collapse',
    borderSpacing: 0,
    '& th, & td': {
      ...theme.typography.body2,
      color: theme.palette.text.primary,
      textAlign: 'left',
      verticalAlign: 'inherit',
      borderBottom: `1px solid ${border}`,
      padding: theme.spacing(0.75, 0.5),
      [theme.breakpoints.up('sm')]: { padding: theme.spacing(0.75, 2) },
    },
    '& thead th': { lineHeight: theme.typography.pxToRem(24), fontWeight: theme.typography.fontWeightMedium },
    '& tbody th': { overflowWrap: 'anywhere' },
    '& .num': { textAlign: 'right' },
    '& .nowrap': { whiteSpace: 'nowrap' },
    '& .wide': { [theme.breakpoints.down('sm')]: { display: 'none' } },
    '& tr.mine': { backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity) },
    '& abbr': { textDecoration: 'none', cursor: 'help' },
    '& .rank': { display: 'inline-flex', alignItems: 'center', gap: theme.spacing(0.5), whiteSpace: 'nowrap' },
    '& .medal': { width: '1em', height: '1em', fontSize: theme.typography.pxToRem(20), flexShrink: 0, fill: 'currentColor' },
    '& [data-tone]': { padding: theme.spacing(0.25, 0.75), borderRadius: theme.shape.borderRadius, fontWeight: 600, whiteSpace: 'nowrap' },
    '& [data-tone="good"]': { backgroundColor: TONES.good.bgcolor, color: TONES.good.color },
    '& [data-tone="warn"]': { backgroundColor: TONES.warn.bgcolor, color: TONES.warn.color },
    '& [data-tone="bad"]': { backgroundColor: TONES.bad.bgcolor, color: TONES.bad.color },
  };
});

/** The box a results table scrolls sideways in on a narrow screen (never the page), as MUI's TableContainer. */
export const TableScroll = styled('div')({ width: '100%', overflowX: 'auto' });
