/**
 * Status colours with text that keeps a 4.5:1 contrast in light and dark mode (MUI's own warning colour with
 * white text does not).
 */
export const TONES = {
  good: { bgcolor: '#2e7d32', color: '#ffffff' },
  warn: { bgcolor: '#ffb300', color: 'rgba(0, 0, 0, 0.87)' },
  bad: { bgcolor: '#c62828', color: '#ffffff' },
  neutral: { bgcolor: 'action.selected', color: 'text.primary' },
  accent: { bgcolor: 'secondary.main', color: 'secondary.contrastText' },
} as const;

export type Tone = keyof typeof TONES;
