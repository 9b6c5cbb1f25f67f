import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { type Tone, TONES } from './tones';

/** A small coloured label (deadline status, Pick Made / No Pick, Tiebreaker): a span, not an interactive chip. */
export function StatusPill({ tone, icon, outlined, children }: { tone?: Tone; icon?: ReactNode; outlined?: boolean; children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.25,
        borderRadius: 4,
        typography: 'body2',
        fontSize: '0.8125rem',
        fontWeight: 600,
        lineHeight: 1.5,
        whiteSpace: 'nowrap',
        '& svg': { fontSize: '1rem' },
        ...(outlined ? { border: '1px solid', borderColor: 'text.secondary', color: 'text.primary' } : TONES[tone ?? 'neutral']),
      }}
    >
      {icon}
      {children}
    </Box>
  );
}
