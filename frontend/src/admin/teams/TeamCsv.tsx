import FileDownloadIcon from '@mui/icons-material/FileDownload';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import { useId, useRef, useState } from 'react';
import { HttpError, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { failureText } from '../../api/failure';
import { downloadApiFile } from '../common/download';
import type { AdminDataProvider, TeamsImportResult } from '../dataProvider';
import { useAdminMutation } from '../common/useAdminMutation';

/** The name of the file input behind "Import CSV". */
export const TEAMS_FILE_LABEL = 'Teams CSV file';

/** The notice after an import: "Teams imported: 2 created, 1 updated, 130 unchanged". */
export const teamsImportedText = ({ created, updated, unchanged }: TeamsImportResult) => `Teams imported: ${created} created, ${updated} updated, ${unchanged} unchanged`;

/** A refused file: every problem the server found, by line, verbatim (nothing was written). */
function ImportProblems({ fileName, problems, onClose }: { fileName: string; problems: string[]; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{fileName} was not imported</DialogTitle>
      <DialogContent>
        <Alert severity="error" sx={{ mb: 1 }}>
          Nothing was changed. Fix {problems.length === 1 ? 'this line' : `these ${problems.length} problems`} and import the file again.
        </Alert>
        <List dense aria-label="Problems in the file">
          {problems.map((problem, index) => (
            <ListItem key={index} disableGutters>
              <ListItemText primary={problem} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * "Export CSV" (every team, GET /api/teams.csv) and "Import CSV" (a file read as text, POST /api/teams/import):
 * docs/imports.md#csv. A refused file lists all its problems; a taken one refreshes the list.
 */
export function TeamCsvActions() {
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const fileInput = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<{ fileName: string; problems: string[] } | null>(null);

  const exporting = useAdminMutation({
    mutationFn: () => downloadApiFile('/teams.csv', 'teams.csv'),
    onError: (error) => notify(failureText(error, 'Download failed'), { type: 'error' }),
  });
  const importing = useAdminMutation({
    mutationFn: async (file: File) => dataProvider.importTeams(await file.text()),
    onSuccess: (result) => {
      notify(teamsImportedText(result), { type: 'success' });
      refresh();
    },
    onError: (error, file) => {
      const problems = error instanceof HttpError && error.status === 422 ? ((error.body as { messages?: string[] } | undefined)?.messages ?? []) : [];
      if (problems.length > 0) setRefused({ fileName: file.name, problems });
      else notify(failureText(error, 'Import failed'), { type: 'error' });
    },
  });
  const busy = exporting.isPending || importing.isPending;

  return (
    <>
      <Button variant="outlined" startIcon={<FileDownloadIcon />} disabled={busy} onClick={() => exporting.mutate()}>
        Export CSV
      </Button>
      {/* A real button opening a hidden file input: a <label> with the button role is not allowed (axe). */}
      <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={busy} onClick={() => fileInput.current?.click()}>
        Import CSV
      </Button>
      <input
        ref={fileInput}
        hidden
        type="file"
        accept=".csv,text/csv"
        aria-label={TEAMS_FILE_LABEL}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file, once fixed, can be chosen again.
          event.target.value = '';
          if (file) importing.mutate(file);
        }}
      />
      {refused && <ImportProblems fileName={refused.fileName} problems={refused.problems} onClose={() => setRefused(null)} />}
    </>
  );
}
