import { Button, Snackbar } from '@mui/material';
import { useState } from 'react';

export const UPDATE_TEXTS = { message: 'New version available', reload: 'Reload', later: 'Later' };

/**
 * The prompt a new deploy brings (docs/member-pages.md): reloading takes the new version; "Later" keeps the page as
 * it is until the next visit. Nothing reloads by itself, so a pick being typed is never lost.
 */
export function UpdatePrompt({ onReload }: { onReload: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <Snackbar
      open={open}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={UPDATE_TEXTS.message}
      action={
        <>
          <Button color="inherit" size="small" onClick={() => setOpen(false)}>
            {UPDATE_TEXTS.later}
          </Button>
          <Button
            color="secondary"
            size="small"
            variant="contained"
            onClick={() => {
              setOpen(false);
              onReload();
            }}
          >
            {UPDATE_TEXTS.reload}
          </Button>
        </>
      }
    />
  );
}
