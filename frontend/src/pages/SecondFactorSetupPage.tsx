import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../api/client';
import { failureText } from '../api/failure';
import type { RecoveryCodes, TotpEnrolment } from '../api/types';
import { AuthCard } from '../components/AuthCard';
import { TextInput } from '../components/form/TextInput';
import { landingAfterLogin } from '../session/login';
import { SECOND_FACTOR_TEXTS } from '../api/secondFactor';
import { session } from '../session/session';
import { PasskeyInstead } from './secondFactor/PasskeyInstead';
import { RecoveryCodesView } from './secondFactor/RecoveryCodesView';

/**
 * `/second-factor/setup`: an admin sets up an authenticator app (the QR code, or the key typed by hand), confirms it
 * with a code, and is shown the 10 recovery codes once. Where a second factor is required, an admin without one is
 * sent here and can do nothing else first.
 */
export default function SecondFactorSetupPage() {
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  // One request however often the page renders: each start makes a new secret, and only the last one counts.
  const enrolment = useQuery({
    queryKey: ['second-factor', 'enrolment'],
    queryFn: () => api<TotpEnrolment>('/me/second_factor/totp', { method: 'POST' }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const enrolled = () => {
    const user = session.user();
    if (user) session.setUser({ ...user, second_factor_enrolment_required: undefined });
  };
  const confirm = useMutation({
    mutationFn: (value: string) => api<RecoveryCodes>('/me/second_factor/totp', { method: 'PUT', body: { code: value } }),
    onSuccess: ({ recovery_codes }) => {
      enrolled();
      setCodes(recovery_codes);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code);
  };
  const done = () => {
    const user = session.user();
    window.location.assign(user ? landingAfterLogin(user, null) : '/');
  };

  if (codes) {
    return (
      <AuthCard title="Your recovery codes">
        <RecoveryCodesView codes={codes} onDone={done} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Set up a second factor">
      <Stack spacing={2}>
        <Typography>Admins sign in with a password and a code from an authenticator app (such as Google Authenticator, 1Password or Authy).</Typography>
        {enrolment.isError && <Alert severity="error">{failureText(enrolment.error, 'Could not start setting up the authenticator app')}</Alert>}
        {enrolment.isPending && <Typography color="text.secondary">Preparing your QR code…</Typography>}
        {enrolment.data && (
          <>
            <Typography>1. Scan this QR code with your authenticator app:</Typography>
            <Box component="img" src={enrolment.data.qr_code} alt="QR code for your authenticator app" sx={{ width: 200, height: 200, alignSelf: 'center', bgcolor: '#fff' }} />
            <Typography>Or enter this key by hand:</Typography>
            <Box component="code" data-testid="totp-secret" sx={{ fontSize: '1.05rem', wordBreak: 'break-all', userSelect: 'all' }}>
              {enrolment.data.secret}
            </Box>
            <Box component="form" onSubmit={submit}>
              <Stack spacing={2}>
                {confirm.isError && <Alert severity="error">{failureText(confirm.error, SECOND_FACTOR_TEXTS.failed)}</Alert>}
                <TextInput
                  label={`2. ${SECOND_FACTOR_TEXTS.codeLabel}`}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9 ]{6,7}"
                  maxLength={7}
                  required
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                />
                <Button type="submit" variant="contained" disabled={confirm.isPending}>
                  {confirm.isPending ? SECOND_FACTOR_TEXTS.verifying : 'Confirm'}
                </Button>
              </Stack>
            </Box>
          </>
        )}
        <PasskeyInstead
          onAdded={() => {
            enrolled();
            done();
          }}
        />
      </Stack>
    </AuthCard>
  );
}
