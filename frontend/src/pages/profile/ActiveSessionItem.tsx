import { Box, Button, Chip, Typography } from '@mui/material';
import type { ActiveSession } from '../../api/types';
import { formatDateTime } from '../../format';
import { SESSIONS_TEXTS } from './sessionsTexts';

/** One signed-in session: its device, when it signed in and was last active, from where; "Log out" for any other one. */
export function ActiveSessionItem({ item, busy, onEnd }: { item: ActiveSession; busy: boolean; onEnd: () => void }) {
  const details = [`Signed in ${formatDateTime(item.created_at)}`, `last active ${formatDateTime(item.last_seen_at)}`, ...(item.ip ? [`from ${item.ip}`] : [])];
  return (
    <Box
      component="li"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Typography component="p" sx={{ fontWeight: 600, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          {item.user_agent}
          {item.current && <Chip size="small" color="primary" label={SESSIONS_TEXTS.thisDevice} />}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {details.join(', ')}
        </Typography>
      </Box>
      {!item.current && (
        <Button variant="outlined" size="small" disabled={busy} onClick={onEnd} aria-label={`${SESSIONS_TEXTS.logOut} ${item.user_agent}, ${details[1]}`} sx={{ minHeight: 44 }}>
          {SESSIONS_TEXTS.logOut}
        </Button>
      )}
    </Box>
  );
}
