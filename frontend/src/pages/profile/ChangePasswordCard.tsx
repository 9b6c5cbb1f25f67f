import { Alert, Box, Button, Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../api/client';
import { failureText } from '../../api/failure';
import { keys } from '../../api/member';
import type { PasswordChanged } from '../../api/types';
import { TextInput } from '../../components/form/TextInput';
import { PASSWORD_RULE_TEXTS, passwordRuleProblem } from '../../components/password/passwordRules';
import { PasswordStrengthMeter } from '../../components/password/PasswordStrengthMeter';
import { session } from '../../session/session';
import { type CardResult, ProfileCard } from './ProfileCard';
import { PROFILE_TEXTS } from './profileTexts';

const EMPTY = { current_password: '', new_password: '', password_confirmation: '' };

/** A new password (PATCH /api/me/password): the server ends every other session and hands this one a fresh token. */
export function ChangePasswordCard({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState(EMPTY);
  const [result, setResult] = useState<CardResult>(null);
  const set = (name: keyof typeof form) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value }));

  const change = useMutation({
    mutationFn: (body: typeof EMPTY) => api<PasswordChanged>('/me/password', { method: 'PATCH', body }),
    onSuccess: ({ message, token }) => {
      // The server ended every other session; this one goes on with the fresh token.
      session.setToken(token);
      void queryClient.invalidateQueries({ queryKey: keys.sessions(userId) });
      setForm(EMPTY);
      setResult({ severity: 'success', message: message || PROFILE_TEXTS.passwordSaved });
    },
    onError: (failure) => setResult({ severity: 'error', message: failureText(failure, PROFILE_TEXTS.passwordFailed, { all: true }) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordRuleProblem(form.new_password);
    if (problem) return setResult({ severity: 'error', message: problem });
    if (form.new_password !== form.password_confirmation) return setResult({ severity: 'error', message: PROFILE_TEXTS.mismatch });
    setResult(null);
    change.mutate(form);
  };

  return (
    <ProfileCard id="change-password" title="Change Password">
      <Box component="form" onSubmit={submit}>
        <Stack spacing={2}>
          {result && <Alert severity={result.severity}>{result.message}</Alert>}
          <TextInput label="Current Password" type="password" autoComplete="current-password" required value={form.current_password} onChange={set('current_password')} />
          <TextInput
            label="New Password"
            type="password"
            autoComplete="new-password"
            required
            value={form.new_password}
            onChange={set('new_password')}
            helperText={PASSWORD_RULE_TEXTS.hint}
          />
          <PasswordStrengthMeter password={form.new_password} />
          <TextInput
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            required
            value={form.password_confirmation}
            onChange={set('password_confirmation')}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={change.isPending}>
              {change.isPending ? 'Updating...' : 'Change Password'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </ProfileCard>
  );
}
