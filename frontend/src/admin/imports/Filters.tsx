import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Button, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import type { PreviewFilters } from './importRules';

/** The preview's filters (ranked, FBS, conference) and "Take the N biggest games". */
export function Filters({ filters, conferences, onChange, biggest, onBiggest, onTake }: {
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
