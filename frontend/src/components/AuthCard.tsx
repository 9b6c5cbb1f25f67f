import { Container, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The narrow card of the account screens (login, register, password reset). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container maxWidth="xs" sx={{ py: { xs: 3, sm: 6 }, px: { xs: 1.5, sm: 2 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Container>
  );
}
