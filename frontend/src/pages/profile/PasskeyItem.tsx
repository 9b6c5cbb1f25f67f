import { Box, Button, Chip, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { Passkey } from '../../api/types';
import { formatDateTime } from '../../format';
import { PASSKEYS_TEXTS } from '../../components/passkeysTexts';

/** One passkey: its name, when it was added and last used; rename it in place or remove it. */
export function PasskeyItem({ item, busy, onRename, onRemove }: { item: Passkey; busy: boolean; onRename: (name: string) => void; onRemove: () => void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(item.name);
  const details = [`Added ${formatDateTime(item.created_at)}`, item.last_used_at ? `last used ${formatDateTime(item.last_used_at)}` : 'not used yet'];
  return (
    <Box
      component="li"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      {editing ? (
        <Box
          component="form"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, flex: '1 1 14rem' }}
          onSubmit={(event) => {
            event.preventDefault();
            onRename(name.trim());
            setEditing(false);
          }}
        >
          <TextField size="small" label={PASSKEYS_TEXTS.nameLabel} value={name} onChange={(event) => setName(event.target.value)} required slotProps={{ htmlInput: { maxLength: 100 } }} />
          <Button type="submit" variant="contained" size="small" disabled={busy || name.trim() === ''} sx={{ minHeight: 44 }}>
            {PASSKEYS_TEXTS.save}
          </Button>
          <Button size="small" onClick={() => setEditing(false)} sx={{ minHeight: 44 }}>
            {PASSKEYS_TEXTS.cancel}
          </Button>
        </Box>
      ) : (
        <>
          <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
            <Typography component="p" sx={{ fontWeight: 600, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, overflowWrap: 'anywhere' }}>
              {item.name}
              {item.backed_up && <Chip size="small" label={PASSKEYS_TEXTS.synced} />}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {details.join(', ')}
            </Typography>
          </Box>
          <Button variant="outlined" size="small" disabled={busy} onClick={() => setEditing(true)} aria-label={`${PASSKEYS_TEXTS.rename} ${item.name}`} sx={{ minHeight: 44 }}>
            {PASSKEYS_TEXTS.rename}
          </Button>
          <Button variant="outlined" color="error" size="small" disabled={busy} onClick={onRemove} aria-label={`${PASSKEYS_TEXTS.remove} ${item.name}`} sx={{ minHeight: 44 }}>
            {PASSKEYS_TEXTS.remove}
          </Button>
        </>
      )}
    </Box>
  );
}
