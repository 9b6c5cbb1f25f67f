import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Box, Button, Typography } from '@mui/material';
import { useWeekCsvDownload } from '../games/GameCsv';

/** "Download template for Week N": the week's games file of the games list (its columns alone for a week without games). */
export function WeekTemplate({ weekId, weekNumber }: { weekId: string; weekNumber: number }) {
  const { busy, download: downloadWeek } = useWeekCsvDownload();
  const download = () => downloadWeek(weekId);
  return (
    <Box>
      <Button variant="text" startIcon={<FileDownloadIcon />} disabled={busy} onClick={download} sx={{ textAlign: 'left' }}>
        Download template for Week {weekNumber}
      </Button>
      <Typography variant="body2" color="text.secondary">
        The columns with the week&apos;s games as they are now: edit it in a spreadsheet and choose it above.
      </Typography>
    </Box>
  );
}
