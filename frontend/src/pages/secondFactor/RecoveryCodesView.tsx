import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';

export const RECOVERY_CODES_FILE = 'tailgate-picks-recovery-codes.txt';

/**
 * The 10 recovery codes, shown once: copy or download them, then say they are saved. Each works once in place of an
 * authenticator code (a lost phone); the server keeps only their hashes.
 */
export function RecoveryCodesView({ codes, onDone, doneLabel = 'I saved them' }: { codes: string[]; onDone: () => void; doneLabel?: string }) {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = RECOVERY_CODES_FILE;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.
      </Alert>
      <Box component="ol" aria-label="Recovery codes" sx={{ fontFamily: 'monospace', fontSize: '1.05rem', columns: 2, m: 0, pl: 4 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="outlined" onClick={download}>
          Download
        </Button>
        <Button variant="contained" onClick={onDone}>
          {doneLabel}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        Used codes stop working; you can make a new set on your profile page.
      </Typography>
    </Stack>
  );
}
