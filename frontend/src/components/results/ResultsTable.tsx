import type { HTMLAttributes, TableHTMLAttributes } from 'react';
import './ResultsTable.css';

/**
 * The results tables (the weekly leaderboard, the season standings) as plain `table`/`tr`/`td` elements styled by
 * class (ResultsTable.css): MUI's Table, TableRow and TableCell cost an emotion style pass per cell, which made each
 * row of a phone's first render dear, and even one styled table brought MUI's styling code into the page's first
 * load (docs/member-pages.md#bundle-web-app-weight). Cells take class names: `num` (right-aligned figures),
 * `nowrap`, `wide` (left out on a phone); `mine` marks the member's own row, `rank` the rank with its medal, `medal`
 * the medal's icon; a `data-tone` cell is coloured as its tone.
 */
export function ResultsTable({ className, ...props }: TableHTMLAttributes<HTMLTableElement>) {
  return <table className={`tg-results-table${className ? ` ${className}` : ''}`} {...props} />;
}

/** The box a results table scrolls sideways in on a narrow screen (never the page), as MUI's TableContainer. */
export function TableScroll({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={`tg-table-scroll${className ? ` ${className}` : ''}`} {...props} />;
}
