import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../../api/client';
import { failureText } from '../../api/failure';
import type { RecoveryCodes, SecondFactorStatus } from '../../api/types';
import { ENROLMENT_PATH } from '../../api/secondFactor';
import { RecoveryCodesView } from '../secondFactor/RecoveryCodesView';
import { type CardResult, ProfileCard } from './ProfileCard';

const STATUS_KEY = ['second-factor', 'status'];

/**
 * An admin's second factor on the profile: whether the authenticator app is on and how many recovery codes are left,
 * a new set of codes, and removing the app where a second factor is optional on this server.
 */
export function SecondFactorCard() {
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [result, setResult] = useState<CardResult>(null);
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: () => api<SecondFactorStatus>('/me/second_factor') });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: STATUS_KEY });
  const renew = useMutation({
    mutationFn: () => api<RecoveryCodes>('/me/second_factor/recovery_codes', { method: 'POST' }),
    onSuccess: ({ recovery_codes }) => {
      setResult(null);
      setCodes(recovery_codes);
      refresh();
    },
    onError: (failure) => setResult({ severity: 'error', message: failureText(failure, 'Could not make new recovery codes') }),
  });
  const remove = useMutation({
    mutationFn: () => api<void>('/me/second_factor/totp', { method: 'DELETE' }),
    onSuccess: () => {
      setResult({ severity: 'success', message: 'The authenticator app was removed.' });
      refresh();
    },
    onError: (failure) => setResult({ severity: 'error', message: failureText(failure, 'Could not remove the authenticator app') }),
  });

  const data = status.data;
  return (
    <ProfileCard id="second-factor" title="Second factor">
      <Stack spacing={2}>
        {result && <Alert severity={result.severity}>{result.message}</Alert>}
        {status.isError && <Alert severity="error">Failed to load your second factor</Alert>}
        {codes && <RecoveryCodesView codes={codes} onDone={() => setCodes(null)} />}
        {data && !codes && (
          <>
            <Typography>
              {data.totp ? `Authenticator app: on. Recovery codes left: ${data.recovery_codes_left} of 10.` : 'Authenticator app: not set up.'}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {!data.totp && (
                <Button component={RouterLink} to={ENROLMENT_PATH} variant="contained">
                  Set up an authenticator app
                </Button>
              )}
              {data.totp && (
                <Button variant="outlined" onClick={() => renew.mutate()} disabled={renew.isPending}>
                  New recovery codes
                </Button>
              )}
              {data.totp && !data.required && (
                <Button variant="outlined" color="error" onClick={() => remove.mutate()} disabled={remove.isPending}>
                  Remove the authenticator app
                </Button>
              )}
            </Box>
          </>
        )}
      </Stack>
    </ProfileCard>
  );
}
