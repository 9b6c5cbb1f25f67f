import { Box } from '@mui/material';
import { TONES } from '../tones';
import { winTone } from './leaderboard';

/** A win percentage as the leaderboards show it: one decimal, green, amber or red (docs/product.md#constants). */
export function WinPercentage({ value }: { value: number }) {
  const tone = winTone(value);
  return (
    <Box component="span" data-tone={tone} sx={{ ...TONES[tone], px: 0.75, py: 0.25, borderRadius: 1, fontWeight: 600, whiteSpace: 'nowrap' }}>
      {value.toFixed(1)}%
    </Box>
  );
}
