import { Box, Checkbox, Chip, type ChipProps, Radio, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import type { Choice } from './importFlow';
import { CHANGE_LABELS, changeTexts, kickoffText, plainMatchup, previewMatchup, unmatchedOf } from './importRules';
import type { ChangeKind, PreviewGame } from './importTypes';
import { LineCell } from './LineCell';

const CHANGE_COLORS: Record<ChangeKind, ChipProps['color']> = {
  new: 'success',
  changed: 'warning',
  unchanged: 'default',
  gone: 'error',
  cancelled: 'error',
  kept: 'info',
};

interface RowProps {
  game: PreviewGame;
  choice: Choice;
  small: boolean;
  onTick: (on: boolean) => void;
  onTiebreaker: () => void;
  onUpdateLine: (on: boolean) => void;
}

/** One game of the preview: its tick, what would change, the matchup, kickoff, line and the tiebreaker's radio. */
export function PreviewRow({ game, choice, small, onTick, onTiebreaker, onUpdateLine }: RowProps) {
  const ticked = choice.selected.has(game.key);
  const missing = unmatchedOf(game);
  const label = plainMatchup(game);
  const why = missing.length > 0 ? `Map or create ${missing.map((team) => team.name).join(' and ')} first` : null;
  const texts = changeTexts(game);
  return (
    <TableRow selected={ticked} hover>
      <TableCell padding="checkbox">
        <Tooltip title={why ?? ''}>
          <span>
            <Checkbox checked={ticked} disabled={!!why} onChange={(event) => onTick(event.target.checked)} slotProps={{ input: { 'aria-label': `Include ${label}` } }} />
          </span>
        </Tooltip>
      </TableCell>
      <TableCell>
        <Chip size="small" label={CHANGE_LABELS[game.change] ?? game.change} color={CHANGE_COLORS[game.change]} variant={game.change === 'unchanged' ? 'outlined' : 'filled'} />
        {texts.map((text) => (
          <Typography key={text} variant="caption" component="div" sx={{ mt: 0.5 }}>
            {text}
          </Typography>
        ))}
      </TableCell>
      <TableCell>
        <Box sx={{ fontWeight: ticked ? 600 : undefined }}>{previewMatchup(game)}</Box>
        {(game.name || game.neutral_site) && (
          <Typography variant="caption" color="text.secondary" component="div">
            {[game.name, game.neutral_site ? 'neutral site' : null].filter(Boolean).join(' · ')}
          </Typography>
        )}
        {why && (
          <Typography variant="caption" color="warning.main" component="div">
            {why}: not in the pool yet.
          </Typography>
        )}
        {small && (
          <>
            <Typography variant="body2" color="text.secondary">
              {kickoffText(game)}
            </Typography>
            <LineCell game={game} choice={choice} onUpdateLine={onUpdateLine} />
          </>
        )}
      </TableCell>
      {!small && <TableCell sx={{ whiteSpace: 'nowrap' }}>{kickoffText(game)}</TableCell>}
      {!small && (
        <TableCell>
          <LineCell game={game} choice={choice} onUpdateLine={onUpdateLine} />
        </TableCell>
      )}
      <TableCell padding="checkbox" align="center">
        <Radio
          checked={choice.tiebreaker === game.key}
          disabled={!!why}
          onChange={onTiebreaker}
          name="tiebreaker"
          value={game.key}
          slotProps={{ input: { 'aria-label': `Tiebreaker: ${label}` } }}
        />
      </TableCell>
    </TableRow>
  );
}
