import type { ReactNode } from 'react';
import type { Tone } from './tones';
import './StatusPill.css';
import './tones.css';

/**
 * A small coloured label (deadline status, Pick Made / No Pick, Tiebreaker): a span, not an interactive chip. Styled
 * by class (StatusPill.css, the tones' colours from the theme's variables, theme/themeVariables.ts): a game card
 * carries several, and a class costs no styling work at render time.
 */
export function StatusPill({ tone, icon, outlined, children }: { tone?: Tone; icon?: ReactNode; outlined?: boolean; children: ReactNode }) {
  return (
    <span className={`tg-pill ${outlined ? 'tg-pill--outlined' : `tg-tone--${tone ?? 'neutral'}`}`}>
      {icon}
      {children}
    </span>
  );
}
