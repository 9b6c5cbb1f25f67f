import { Alert, Box, Button, Link, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { failureText } from '../api/failure';
import type { Session } from '../api/types';
import { TextInput } from '../components/form/TextInput';
import { finishSignIn, SECOND_FACTOR_TEXTS } from '../api/secondFactor';

/** The sign-in's second step inside the app (the light shell has its own: account/CodeStep.tsx). */
export function SecondFactorCodeStep({ challenge, onSignedIn, onStartOver }: { challenge: string; onSignedIn: (answer: Session) => void; onStartOver: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const verify = useMutation({ mutationFn: (value: string) => finishSignIn(challenge, value), onSuccess: onSignedIn });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(code);
  };
  return (
    <Box component="form" onSubmit={submit}>
      <Stack spacing={2}>
        {verify.isError && <Alert severity="error">{failureText(verify.error, SECOND_FACTOR_TEXTS.failed)}</Alert>}
        <TextInput
          key={recovery ? 'recovery' : 'app'}
          label={recovery ? SECOND_FACTOR_TEXTS.recoveryLabel : SECOND_FACTOR_TEXTS.codeLabel}
          name="code"
          required
          autoFocus
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 40 : 7}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" variant="contained" size="large" disabled={verify.isPending || verify.isSuccess}>
          {verify.isPending ? SECOND_FACTOR_TEXTS.verifying : SECOND_FACTOR_TEXTS.verify}
        </Button>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Link
            component="button"
            type="button"
            onClick={() => {
              setRecovery((value) => !value);
              setCode('');
              verify.reset();
            }}
          >
            {recovery ? SECOND_FACTOR_TEXTS.useApp : SECOND_FACTOR_TEXTS.useRecovery}
          </Link>
          <Link component="button" type="button" onClick={onStartOver}>
            {SECOND_FACTOR_TEXTS.startOver}
          </Link>
        </Box>
      </Stack>
    </Box>
  );
}
