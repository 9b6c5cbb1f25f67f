import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Button, Link, Typography } from '@mui/material';
import { useListContext, useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { failureText } from '../../api/failure';
import { downloadApiFile } from '../common/download';
import { useAdminMutation } from '../common/useAdminMutation';

/** The name used when the server sends none (it sends "<season name> week <n> games.csv"). */
export const weekCsvFallbackName = (weekId: number | string) => `week-${weekId}-games.csv`;

/** Downloads a week's games file (the Games list's "Download CSV", Import Games' template); a refusal is notified. */
export function useWeekCsvDownload() {
  const notify = useNotify();
  const downloading = useAdminMutation({
    mutationFn: (weekId: number | string) => downloadApiFile(`/weeks/${encodeURIComponent(weekId)}/games.csv`, weekCsvFallbackName(weekId)),
    onError: (error) => notify(failureText(error, 'Download failed'), { type: 'error' }),
  });
  return { busy: downloading.isPending, download: (weekId: number | string) => downloading.mutate(weekId) };
}

/** Import Games opened on a season and week, and a provider (ImportPage reads `season_id`, `week_id`, `provider`). */
export const importPageAddress = (seasonId?: number | string, weekId?: number | string, provider?: 'csv') => {
  const query = new URLSearchParams(seasonId && weekId ? { season_id: String(seasonId), week_id: String(weekId) } : {});
  if (provider) query.set('provider', provider);
  return `/admin/import${query.size > 0 ? `?${query}` : ''}`;
};

/**
 * "Download CSV" of the listed week (docs/imports.md#csv), with the way back in: the edited file is uploaded on
 * Import Games with the CSV provider, which previews it like a provider's answer.
 */
export function WeekCsvActions() {
  const { filterValues } = useListContext();
  const { football_season_id: seasonId, week_id: weekId } = filterValues as { football_season_id?: number; week_id?: number };
  const { busy, download: downloadWeek } = useWeekCsvDownload();
  const download = () => {
    if (weekId) downloadWeek(weekId);
  };

  return (
    <>
      <Button variant="outlined" startIcon={<FileDownloadIcon />} disabled={!weekId || busy} onClick={() => void download()}>
        Download CSV
      </Button>
      {weekId && (
        // A bounded width on a phone, so the hint wraps instead of widening the toolbar past the screen.
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center', whiteSpace: 'normal', maxWidth: { xs: 260, sm: 'none' } }}>
          <Link component={RouterLink} to={importPageAddress(seasonId, weekId, 'csv')}>
            Edit it in a spreadsheet, then upload it on Import Games
          </Link>
        </Typography>
      )}
    </>
  );
}
