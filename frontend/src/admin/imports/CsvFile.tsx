import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, Stack, Typography } from '@mui/material';
import { useRef } from 'react';

/** The name of the file input behind "Choose CSV file". */
export const WEEK_FILE_LABEL = 'Week CSV file';

/** "Choose CSV file": a week's CSV file, read as text, and its name (or "No file chosen"). */
export function CsvFile({ name, onRead }: { name: string | null; onRead: (file: { name: string; text: string }) => void }) {
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
