import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useAppName } from '../api/appConfig';
import { useSession } from '../session/session';

/** `/`: the welcome page (docs/product.md#product, #screens). */
export default function WelcomePage() {
  const appName = useAppName();
  const { token, user } = useSession();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, sm: 10 }, textAlign: 'center' }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: 'clamp(1.75rem, 6vw, 2.75rem)', mb: 1.5 }}>
        Welcome to {appName}
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary">
        The modern college football contest platform
      </Typography>
      <Box sx={{ mt: 4 }}>
        {token ? (
          <Button variant="contained" size="large" component={RouterLink} to={user?.role === 'admin' ? '/admin' : '/dashboard'}>
            Go to your picks
          </Button>
        ) : (
          <Stack direction="row" spacing={2} justifyContent="center">
            <Button variant="contained" size="large" component={RouterLink} to="/login">
              Login
            </Button>
            <Button variant="outlined" size="large" component={RouterLink} to="/register">
              Register
            </Button>
          </Stack>
        )}
      </Box>
    </Container>
  );
}
