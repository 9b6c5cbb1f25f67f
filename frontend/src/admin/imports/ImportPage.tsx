import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import LockIcon from '@mui/icons-material/Lock';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  type ChipProps,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  Link,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Title, useGetOne } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { failureText } from '../../api/failure';
import { useIsSmall } from '../common/listParts';
import { SeasonWeekPicker, useSeasonWeekSelection, useWeeksOf } from '../common/seasonWeek';
import { useWeekCsvDownload } from '../games/GameCsv';
import { countOf, IMPORT_FAILURE, importApi, providerUnreachable, useProviders } from './importApi';
import {
  appliedText,
  CHANGE_LABELS,
  changeTexts,
  conferencesOf,
  counterText,
  CSV_COLUMNS,
  CSV_EXAMPLE,
  CSV_KICKOFF_FORMS,
  frozenLineChange,
  kickoffText,
  matchesFilters,
  NO_FILTERS,
  plainMatchup,
  previewLineText,
  previewMatchup,
  type PreviewFilters,
  selectable,
  takeBiggest,
  unmatchedOf,
  WEEKLY_GAMES,
  weeklyRuleWarning,
} from './importRules';
import type { ChangeKind, ImportPreview, ImportRequest, PreviewGame, ProviderInfo, ProviderName, TeamMapping } from './importTypes';
import { UnmatchedTeams } from './UnmatchedTeams';

const CHANGE_COLORS: Record<ChangeKind, ChipProps['color']> = {
  new: 'success',
  changed: 'warning',
  unchanged: 'default',
  gone: 'error',
  cancelled: 'error',
  kept: 'info',
};

/** What the admin has ticked: the games, the tiebreaker, and the frozen lines to update anyway. */
export interface Choice {
  selected: Set<string>;
  tiebreaker: string | null;
  updateLines: Set<string>;
}

/**
 * The choice a preview starts with: the games already in the week (the server's `selected`) and its tiebreaker; after
 * a mapping asks again, what the admin had ticked stays ticked.
 */
export function initialChoice(preview: ImportPreview, carried?: Choice): Choice {
  const byKey = new Map(preview.games.map((game) => [game.key, game]));
  const keep = (key: string) => byKey.has(key) && selectable(byKey.get(key)!);
  if (carried) {
    const selected = new Set([...carried.selected].filter(keep));
    return {
      selected,
      tiebreaker: carried.tiebreaker && selected.has(carried.tiebreaker) ? carried.tiebreaker : null,
      updateLines: new Set([...carried.updateLines].filter((key) => selected.has(key))),
    };
  }
  const selected = new Set(preview.games.filter((game) => game.selected && selectable(game)).map((game) => game.key));
  const tiebreaker = preview.games.find((game) => game.is_tiebreaker && selected.has(game.key))?.key ?? null;
  return { selected, tiebreaker, updateLines: new Set() };
}

/** CFBD when it has its key, else the keyless scoreboard. */
export const defaultProvider = (providers: ProviderInfo[]): ProviderName | null =>
  providers.find((one) => one.name === 'cfbd' && one.configured)?.name ?? providers.find((one) => one.name === 'scoreboard' && one.configured)?.name ?? providers.find((one) => one.configured)?.name ?? null;

function ProviderChoice({ providers, value, onChange }: { providers: ProviderInfo[]; value: ProviderName | null; onChange: (name: ProviderName) => void }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend">Provider</FormLabel>
      <RadioGroup row value={value ?? ''} onChange={(event) => onChange(event.target.value as ProviderName)}>
        {providers.map((provider) => (
          <FormControlLabel
            key={provider.name}
            value={provider.name}
            disabled={!provider.configured}
            control={<Radio />}
            label={provider.configured ? provider.label : `${provider.label} (Needs CFBD_API_KEY)`}
          />
        ))}
      </RadioGroup>
    </Box>
  );
}

/** The name of the file input behind "Choose CSV file". */
export const WEEK_FILE_LABEL = 'Week CSV file';

function CsvFile({ name, onRead }: { name: string | null; onRead: (file: { name: string; text: string }) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {/* A real button opening a hidden file input: a <label> with the button role is not allowed (axe). */}
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()}>
        Choose CSV file
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        aria-label={WEEK_FILE_LABEL}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          // The same file, once edited again, can be chosen again.
          event.target.value = '';
          if (file) onRead({ name: file.name, text: await file.text() });
        }}
      />
      <Typography variant="body2" color="text.secondary">
        {name ?? 'No file chosen'}
      </Typography>
    </Stack>
  );
}

/** "Download template for Week N": the week's games file of the games list (its columns alone for a week without games). */
function WeekTemplate({ weekId, weekNumber }: { weekId: string; weekNumber: number }) {
  const { busy, download: downloadWeek } = useWeekCsvDownload();
  const download = () => downloadWeek(weekId);
  return (
    <Box>
      <Button variant="text" startIcon={<FileDownloadIcon />} disabled={busy} onClick={() => void download()} sx={{ textAlign: 'left' }}>
        Download template for Week {weekNumber}
      </Button>
      <Typography variant="body2" color="text.secondary">
        The columns with the week&apos;s games as they are now: edit it in a spreadsheet and choose it above.
      </Typography>
    </Box>
  );
}

const code = { fontFamily: 'monospace', fontSize: '0.875rem' } as const;

/** What a week's CSV file holds (docs/imports.md#csv), folded away until asked for so the page stays short on a phone. */
function CsvColumns({ timeZone }: { timeZone: string | null }) {
  const forms = CSV_KICKOFF_FORMS;
  return (
    <Accordion variant="outlined" disableGutters slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography sx={{ fontWeight: 600 }}>CSV columns</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Typography variant="body2">
          One line per game after a first line naming the columns, in any order. Only game_date, away_team and home_team are required; a column left
          out is blank.
        </Typography>
        <Box component="dl" sx={{ my: 1 }}>
          {CSV_COLUMNS.map((column) => (
            <Box key={column.name} sx={{ py: 0.5 }}>
              <Box component="dt" sx={{ ...code, fontWeight: 600 }}>
                {column.name}
                {column.required && (
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                    required
                  </Typography>
                )}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                <Typography variant="body2">{column.text}</Typography>
              </Box>
            </Box>
          ))}
        </Box>
        <Typography variant="subtitle2" component="h3">
          Kickoff dates
        </Typography>
        <Typography variant="body2">
          {forms.slice(0, -1).join(', ')}, or with its own zone {forms.at(-1)}. AM and PM in any case. Times without a zone are in{' '}
          {timeZone ?? "the pool's time zone"}. A date alone (12/31/2026) is a game whose time is not set yet: it counts from the start of that day.
        </Typography>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
          Example
        </Typography>
        <Box component="pre" sx={{ ...code, m: 0, p: 1, borderRadius: 1, bgcolor: 'action.hover', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {CSV_EXAMPLE.join('\n')}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}

function LineCell({ game, choice, onUpdateLine }: { game: PreviewGame; choice: Choice; onUpdateLine: (on: boolean) => void }) {
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

interface RowProps {
  game: PreviewGame;
  choice: Choice;
  small: boolean;
  onTick: (on: boolean) => void;
  onTiebreaker: () => void;
  onUpdateLine: (on: boolean) => void;
}

function PreviewRow({ game, choice, small, onTick, onTiebreaker, onUpdateLine }: RowProps) {
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

function Filters({ filters, conferences, onChange, biggest, onBiggest, onTake }: {
  filters: PreviewFilters;
  conferences: string[];
  onChange: (next: PreviewFilters) => void;
  biggest: string;
  onBiggest: (value: string) => void;
  onTake: () => void;
}) {
  const n = Number(biggest);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap', my: 1 }} role="group" aria-label="Filters">
      <FormControlLabel control={<Switch checked={filters.rankedOnly} onChange={(event) => onChange({ ...filters, rankedOnly: event.target.checked })} />} label="Ranked teams only" />
      <FormControlLabel control={<Switch checked={filters.fbsOnly} onChange={(event) => onChange({ ...filters, fbsOnly: event.target.checked })} />} label="FBS vs FBS only" />
      <TextField
        select
        size="small"
        label="Conference"
        value={filters.conference}
        onChange={(event) => onChange({ ...filters, conference: event.target.value })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 200 }}
      >
        <option value="">All conferences</option>
        {conferences.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </TextField>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          type="number"
          label="How many"
          value={biggest}
          onChange={(event) => onBiggest(event.target.value)}
          slotProps={{ htmlInput: { min: 1, max: 200, step: 1 } }}
          sx={{ width: 100 }}
        />
        <Button variant="outlined" startIcon={<DoneAllIcon />} disabled={!Number.isInteger(n) || n < 1} onClick={onTake}>
          Take the {Number.isInteger(n) && n > 0 ? n : ''} biggest games
        </Button>
      </Stack>
    </Stack>
  );
}

/** The preview: unmatched teams, filters, the games to tick, and Apply. */
function PreviewView({ preview, choice, setChoice, busy, applied, onMap, onApply }: {
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

interface Applied {
  text: string;
  seasonId: number;
  weekId: number;
}

/** "View the week's games": the games list filtered to the week just set up. */
export const weekGamesPath = (seasonId: number | string, weekId: number | string) =>
  `/admin/games?${new URLSearchParams({ filter: JSON.stringify({ football_season_id: Number(seasonId), week_id: Number(weekId) }) })}`;

/**
 * Import Games (docs/imports.md): choose the season, week and provider, preview what would change, tick the games
 * (or take the N biggest), choose the tiebreaker, apply. The defaults are the current week and CFBD when it has its
 * key, so a real week is set up in a handful of clicks.
 */
export function ImportPage() {
  const selection = useSeasonWeekSelection();
  const [params] = useSearchParams();
  const providers = useProviders();
  const queryClient = useQueryClient();
  const [provider, setProvider] = useState<ProviderName | null>(params.get('provider') === 'csv' ? 'csv' : null);
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [request, setRequest] = useState<ImportRequest | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [choice, setChoice] = useState<Choice>({ selected: new Set(), tiebreaker: null, updateLines: new Set() });
  const [busy, setBusy] = useState(false);
  /** A failure's text; `offerCsv` when a provider could not be reached, so the CSV file is offered as the way on. */
  const [error, setError] = useState<{ text: string; offerCsv: boolean } | null>(null);
  const [applied, setApplied] = useState<Applied | null>(null);

  // The games list's "Import games" opens this page on the week it shows (its CSV hint with the CSV provider too).
  const fromList = useRef({ seasonId: params.get('season_id'), weekId: params.get('week_id') });
  useEffect(() => {
    const { seasonId, weekId } = fromList.current;
    if (seasonId && weekId) selection.setSelection({ seasonId, weekId });
    // Once, on arrival.
  }, []);

  const list = providers.data ?? [];
  const chosen = provider ?? defaultProvider(list);
  const weeks = useWeeksOf(selection.seasonId);
  const week = weeks.data?.find((one) => String(one.id) === selection.weekId) ?? null;
  const failed = (failure: unknown, fallback: string, offerCsv = false) => setError({ text: failureText(failure, fallback, IMPORT_FAILURE), offerCsv });
  // A new source is a new attempt: the last one's failure no longer applies.
  const chooseSource = (name: ProviderName) => {
    setProvider(name);
    setError(null);
  };
  const canPreview = !!selection.weekId && !!chosen && (chosen !== 'csv' || csv !== null) && !busy;

  const runPreview = async (next: ImportRequest, carried?: Choice) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await importApi.preview(next);
      setRequest(next);
      setPreview(answer);
      setChoice(initialChoice(answer, carried));
    } catch (failure) {
      failed(failure, 'Preview failed', next.provider !== 'csv' && providerUnreachable(failure));
    } finally {
      setBusy(false);
    }
  };

  const startPreview = () => {
    if (!chosen || !selection.weekId) return;
    setApplied(null);
    void runPreview({ week_id: Number(selection.weekId), provider: chosen, ...(chosen === 'csv' && csv ? { csv: csv.text } : {}) });
  };

  const map = async (mappings: TeamMapping[]) => {
    if (!preview || !request) return;
    setBusy(true);
    setError(null);
    try {
      await importApi.mapTeams(preview.provider as ProviderName, mappings);
      void queryClient.invalidateQueries({ queryKey: ['teams'] });
    } catch (failure) {
      failed(failure, 'Saving the teams failed');
      setBusy(false);
      return;
    }
    // The mappings are remembered: ask again, so the games of these teams can be ticked.
    await runPreview(request, choice);
  };

  const apply = async () => {
    if (!preview) return;
    setBusy(true);
    setError(null);
    const keys = preview.games.filter((game) => choice.selected.has(game.key)).map((game) => game.key);
    try {
      const result = await importApi.apply(preview.id, {
        games: keys,
        tiebreaker: choice.tiebreaker,
        update_lines: [...choice.updateLines].filter((key) => choice.selected.has(key)),
      });
      setApplied({
        text: appliedText({ created: countOf(result.created), updated: countOf(result.updated), removed: countOf(result.removed) }),
        // A week's preview always names its week and season.
        seasonId: preview.football_season_id ?? Number(selection.seasonId),
        weekId: preview.week_id ?? Number(selection.weekId),
      });
      void queryClient.invalidateQueries();
    } catch (failure) {
      failed(failure, 'Apply failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Title title="Import Games" />
      <SeasonWeekPicker
        selection={selection}
        onChoose={() => {
          setPreview(null);
          setApplied(null);
          setError(null);
        }}
      />
      {providers.error ? (
        <Alert severity="error">{failureText(providers.error, 'Failed to load providers', IMPORT_FAILURE)}</Alert>
      ) : (
        <ProviderChoice providers={list} value={chosen} onChange={chooseSource} />
      )}
      {chosen === 'csv' && (
        <Stack spacing={1} sx={{ my: 1 }}>
          <CsvFile name={csv?.name ?? null} onRead={setCsv} />
          {week && <WeekTemplate weekId={String(week.id)} weekNumber={week.number} />}
          <CsvColumns timeZone={list.find((one) => one.name === 'csv')?.time_zone ?? null} />
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ my: 2 }}>
        <Button variant={preview ? 'outlined' : 'contained'} disabled={!canPreview} onClick={startPreview}>
          {preview ? 'Preview again' : 'Preview'}
        </Button>
      </Stack>
      {busy && <LinearProgress aria-label="Working" />}
      {error && (
        <Alert severity="error" role="alert" sx={{ my: 1 }}>
          {error.text}
          {error.offerCsv && (
            <>
              {' '}You can import the week from a CSV file instead.
              <Box sx={{ mt: 1 }}>
                <Button variant="outlined" color="inherit" size="small" startIcon={<UploadFileIcon />} onClick={() => chooseSource('csv')}>
                  Import from a CSV file
                </Button>
              </Box>
            </>
          )}
        </Alert>
      )}
      {applied && (
        <Alert
          severity="success"
          sx={{ my: 1 }}
          action={
            <Link component={RouterLink} to={weekGamesPath(applied.seasonId, applied.weekId)} sx={{ alignSelf: 'center', mr: 1 }}>
              View the week's games
            </Link>
          }
        >
          {applied.text}
        </Alert>
      )}
      {!selection.weekId && selection.ready && <Alert severity="info">Choose a season and a week to import its games.</Alert>}
      {preview && preview.week_id === Number(selection.weekId) && (
        <PreviewView preview={preview} choice={choice} setChoice={setChoice} busy={busy} applied={applied !== null} onMap={map} onApply={apply} />
      )}
    </Box>
  );
}

