import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Alert, Box, Button, Checkbox, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useGetOne } from 'react-admin';
import { useIsSmall } from '../common/listParts';
import { Filters } from './Filters';
import type { Choice } from './importFlow';
import { conferencesOf, counterText, matchesFilters, NO_FILTERS, type PreviewFilters, selectable, takeBiggest, WEEKLY_GAMES, weeklyRuleWarning } from './importRules';
import type { ImportPreview, PreviewGame, TeamMapping } from './importTypes';
import { PreviewRow } from './PreviewRow';
import { UnmatchedTeams } from './UnmatchedTeams';

/** The preview: unmatched teams, filters, the games to tick, and Apply. */
export function PreviewView({ preview, choice, setChoice, busy, applied, onMap, onApply }: {
  preview: ImportPreview;
  choice: Choice;
  setChoice: (next: Choice) => void;
  busy: boolean;
  applied: boolean;
  onMap: (mappings: TeamMapping[]) => void;
  onApply: () => void;
}) {
  const small = useIsSmall();
  const [filters, setFilters] = useState<PreviewFilters>(NO_FILTERS);
  // The season's games per week (docs/pool-formats.md): 10 unless its rules say otherwise; null is every game.
  const { data: season } = useGetOne<{ id: number; rules?: { games_per_week: number | null } }>(
    'football_seasons',
    { id: preview.football_season_id ?? 0 },
    { enabled: Boolean(preview.football_season_id) },
  );
  const gamesPerWeek = season?.rules ? season.rules.games_per_week : WEEKLY_GAMES;
  const [biggest, setBiggest] = useState(String(WEEKLY_GAMES));
  const shown = useMemo(() => preview.games.filter((game) => matchesFilters(game, filters)), [preview.games, filters]);
  const conferences = useMemo(() => conferencesOf(preview.games), [preview.games]);
  const tiebreaker = preview.games.find((game) => game.key === choice.tiebreaker) ?? null;
  const count = choice.selected.size;
  const warning = weeklyRuleWarning(count, tiebreaker !== null, gamesPerWeek);
  const hidden = [...choice.selected].filter((key) => !shown.some((game) => game.key === key)).length;
  const shownSelectable = shown.filter(selectable);
  const allShownTicked = shownSelectable.length > 0 && shownSelectable.every((game) => choice.selected.has(game.key));

  const tick = (game: PreviewGame, on: boolean) => {
    const selected = new Set(choice.selected);
    if (on) selected.add(game.key);
    else selected.delete(game.key);
    setChoice({ ...choice, selected, tiebreaker: !on && choice.tiebreaker === game.key ? null : choice.tiebreaker });
  };
  const tickShown = (on: boolean) => {
    const selected = new Set(choice.selected);
    for (const game of shownSelectable) {
      if (on) selected.add(game.key);
      else selected.delete(game.key);
    }
    setChoice({ ...choice, selected, tiebreaker: choice.tiebreaker && selected.has(choice.tiebreaker) ? choice.tiebreaker : null });
  };

  return (
    <>
      {preview.warnings.map((text) => (
        <Alert key={text} severity="info" sx={{ my: 1 }}>
          {text}
        </Alert>
      ))}
      {preview.unmatched_teams.length > 0 && <UnmatchedTeams teams={preview.unmatched_teams} busy={busy || applied} onMap={onMap} />}
      <Filters
        filters={filters}
        conferences={conferences}
        onChange={setFilters}
        biggest={biggest}
        onBiggest={setBiggest}
        onTake={() => {
          const taken = takeBiggest(shown, Number(biggest));
          setChoice({ selected: taken.selected, tiebreaker: taken.tiebreaker, updateLines: new Set([...choice.updateLines].filter((key) => taken.selected.has(key))) });
        }}
      />
      <Typography variant="body2" color="text.secondary">
        {shown.length} of {preview.games.length} games shown{hidden > 0 ? ` · ${hidden} ticked game${hidden === 1 ? '' : 's'} hidden by the filters` : ''}
      </Typography>
      <TableContainer component={Paper} variant="outlined" sx={{ my: 1, maxWidth: '100%' }}>
        <Table size="small" aria-label="Games from the provider">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allShownTicked}
                  indeterminate={!allShownTicked && shownSelectable.some((game) => choice.selected.has(game.key))}
                  disabled={shownSelectable.length === 0}
                  onChange={(event) => tickShown(event.target.checked)}
                  slotProps={{ input: { 'aria-label': 'Include every game shown' } }}
                />
              </TableCell>
              <TableCell>Change</TableCell>
              <TableCell>Matchup</TableCell>
              {!small && <TableCell>Kickoff</TableCell>}
              {!small && <TableCell>Line</TableCell>}
              <TableCell align="center">Tiebreaker</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((game) => (
              <PreviewRow
                key={game.key}
                game={game}
                choice={choice}
                small={small}
                onTick={(on) => tick(game, on)}
                onTiebreaker={() => setChoice({ ...choice, selected: new Set(choice.selected).add(game.key), tiebreaker: game.key })}
                onUpdateLine={(on) => {
                  const updateLines = new Set(choice.updateLines);
                  if (on) updateLines.add(game.key);
                  else updateLines.delete(game.key);
                  setChoice({ ...choice, updateLines });
                }}
              />
            ))}
            {shown.length === 0 && (
              <TableRow>
                <TableCell colSpan={small ? 4 : 6}>No games match these filters.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Paper elevation={3} sx={{ position: 'sticky', bottom: 0, p: { xs: 1, sm: 2 }, zIndex: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <Box>
            <Typography role="status" sx={{ fontWeight: 600 }}>
              {counterText(count, tiebreaker)}
            </Typography>
            {warning && (
              <Typography variant="body2" color="warning.main" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <WarningAmberIcon fontSize="small" aria-hidden />
                {warning}
              </Typography>
            )}
          </Box>
          <Button variant="contained" size="large" startIcon={<CloudDownloadIcon />} disabled={busy || applied} onClick={onApply}>
            Apply
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
