import LockIcon from '@mui/icons-material/Lock';
import { Box, Checkbox, Chip, FormControlLabel, Stack, Tooltip, Typography } from '@mui/material';
import type { Choice } from './importFlow';
import { frozenLineChange, previewLineText } from './importRules';
import type { PreviewGame } from './importTypes';

/** A game's line with its source, "Line locked" once picks are open, and "Update line" when the provider's differs. */
export function LineCell({ game, choice, onUpdateLine }: { game: PreviewGame; choice: Choice; onUpdateLine: (on: boolean) => void }) {
  const text = previewLineText(game.betting_line, game.betting_line_team, game);
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      {text ? (
        <Tooltip title={game.line_source ? `Line source: ${game.line_source}` : 'Line source unknown'}>
          <Box component="span" tabIndex={0} sx={{ whiteSpace: 'nowrap' }}>
            {text}
          </Box>
        </Tooltip>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No line
        </Typography>
      )}
      {game.line_frozen && (
        <Tooltip title="Picks are open for this game: its line stays as it is unless you tick Update line.">
          <Chip size="small" icon={<LockIcon />} label="Line locked" variant="outlined" tabIndex={0} />
        </Tooltip>
      )}
      {frozenLineChange(game) && (
        <FormControlLabel
          control={<Checkbox size="small" checked={choice.updateLines.has(game.key)} onChange={(event) => onUpdateLine(event.target.checked)} />}
          label="Update line"
          slotProps={{ typography: { variant: 'body2' } }}
        />
      )}
    </Stack>
  );
}
