import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, LinearProgress, Link, Stack } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { failureText } from '../../api/failure';
import { SeasonWeekPicker, useSeasonWeekSelection, useWeeksOf } from '../common/seasonWeek';
import { CsvColumns } from './CsvColumns';
import { CsvFile } from './CsvFile';
import { IMPORT_FAILURE, useProviders } from './importApi';
import { defaultProvider, weekGamesPath } from './importFlow';
import { PreviewView } from './PreviewView';
import { ProviderChoice } from './ProviderChoice';
import { useImportFlow } from './useImportFlow';
import { WeekTemplate } from './WeekTemplate';

/**
 * Import Games (docs/imports.md): choose the season, week and provider, preview what would change, tick the games
 * (or take the N biggest), choose the tiebreaker, apply. The defaults are the current week and CFBD when it has its
 * key, so a real week is set up in a handful of clicks. Its steps and state are useImportFlow's.
 */
export function ImportPage() {
  const selection = useSeasonWeekSelection();
  const [params] = useSearchParams();
  const providers = useProviders();
  const flow = useImportFlow(params.get('provider') === 'csv' ? 'csv' : null);
  const { provider, csv, preview, choice, error, applied } = flow.state;

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
  const canPreview = !!selection.weekId && !!chosen && (chosen !== 'csv' || csv !== null) && !flow.busy;

  const startPreview = () => {
    if (!chosen || !selection.weekId) return;
    flow.preview({ week_id: Number(selection.weekId), provider: chosen, ...(chosen === 'csv' && csv ? { csv: csv.text } : {}) });
  };

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Title title="Import Games" />
      <SeasonWeekPicker
        selection={selection}
        onChoose={flow.chooseWeek}
      />
      {providers.error ? (
        <Alert severity="error">{failureText(providers.error, 'Failed to load providers', IMPORT_FAILURE)}</Alert>
      ) : (
        <ProviderChoice providers={list} value={chosen} onChange={flow.chooseSource} />
      )}
      {chosen === 'csv' && (
        <Stack spacing={1} sx={{ my: 1 }}>
          <CsvFile name={csv?.name ?? null} onRead={flow.readCsv} />
          {week && <WeekTemplate weekId={String(week.id)} weekNumber={week.number} />}
          <CsvColumns timeZone={list.find((one) => one.name === 'csv')?.time_zone ?? null} />
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ my: 2 }}>
        <Button variant={preview ? 'outlined' : 'contained'} disabled={!canPreview} onClick={startPreview}>
          {preview ? 'Preview again' : 'Preview'}
        </Button>
      </Stack>
      {flow.busy && <LinearProgress aria-label="Working" />}
      {error && (
        <Alert severity="error" role="alert" sx={{ my: 1 }}>
          {error.text}
          {error.offerCsv && (
            <>
              {' '}You can import the week from a CSV file instead.
              <Box sx={{ mt: 1 }}>
                <Button variant="outlined" color="inherit" size="small" startIcon={<UploadFileIcon />} onClick={() => flow.chooseSource('csv')}>
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
        <PreviewView
          preview={preview}
          choice={choice}
          setChoice={flow.setChoice}
          busy={flow.busy}
          applied={applied !== null}
          onMap={flow.map}
          onApply={() => flow.apply({ seasonId: selection.seasonId, weekId: selection.weekId })}
        />
      )}
    </Box>
  );
}
