import { Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** What a card's last action came to, shown above its form (null: nothing to say). */
export type CardResult = { severity: 'success' | 'error'; message: string } | null;

/** One of the profile's sections: an outlined card headed by its title. */
export function ProfileCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
