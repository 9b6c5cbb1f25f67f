import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { failureText } from '../../api/failure';
import { keys } from '../../api/member';
import { addPasskey, passkeysSupported } from '../../api/passkeys';
import { usePasskeys } from '../../api/profile';
import type { Passkey } from '../../api/types';
import { PasskeyItem } from './PasskeyItem';
import { type CardResult, ProfileCard } from './ProfileCard';
import { isCeremonyCancelled, PASSKEYS_TEXTS } from '../../components/passkeysTexts';

/** The member's passkeys: add one on this device, rename or remove any (docs/decisions.md, "Passkeys"). */
export function PasskeysCard({ userId }: { userId: number }) {
  const passkeys = usePasskeys(userId);
  const queryClient = useQueryClient();
  const [name, setName] = useState<string>(PASSKEYS_TEXTS.defaultName);
  const [result, setResult] = useState<CardResult>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.passkeys(userId) });
  const failed = (fallback: string) => (failure: unknown) =>
    setResult({ severity: 'error', message: isCeremonyCancelled(failure) ? PASSKEYS_TEXTS.cancelled : failureText(failure, fallback) });

  const add = useMutation({
    mutationFn: () => addPasskey(name.trim() || PASSKEYS_TEXTS.defaultName),
    onSuccess: (added) => {
      queryClient.setQueryData<Passkey[]>(keys.passkeys(userId), (list) => [...(list ?? []), added]);
      setResult({ severity: 'success', message: PASSKEYS_TEXTS.added });
    },
    onError: failed(PASSKEYS_TEXTS.addFailed),
  });
  const rename = useMutation({
    mutationFn: ({ id, name: newName }: { id: number; name: string }) => api<Passkey>(`/me/passkeys/${id}`, { method: 'PATCH', body: { name: newName } }),
    onSuccess: () => {
      setResult({ severity: 'success', message: PASSKEYS_TEXTS.renamed });
      return refresh();
    },
    onError: failed(PASSKEYS_TEXTS.renameFailed),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api<void>(`/me/passkeys/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Passkey[]>(keys.passkeys(userId), (list) => list?.filter((item) => item.id !== id));
      setResult({ severity: 'success', message: PASSKEYS_TEXTS.removed });
    },
    onError: failed(PASSKEYS_TEXTS.removeFailed),
  });

  const busy = add.isPending || rename.isPending || remove.isPending;
  const start = (action: () => void) => {
    setResult(null);
    action();
  };
  const supported = passkeysSupported();

  return (
    <ProfileCard id="passkeys" title={PASSKEYS_TEXTS.title}>
      <Stack spacing={1.5}>
        <Typography color="text.secondary">{PASSKEYS_TEXTS.intro}</Typography>
        <Box role="status" aria-live="polite">
          {result && <Alert severity={result.severity}>{result.message}</Alert>}
        </Box>
        {passkeys.isError && <Alert severity="error">{PASSKEYS_TEXTS.loadFailed}</Alert>}
        {passkeys.isPending && <Typography color="text.secondary">{PASSKEYS_TEXTS.loading}</Typography>}
        {passkeys.data?.length === 0 && <Typography color="text.secondary">{PASSKEYS_TEXTS.none}</Typography>}
        {passkeys.data && passkeys.data.length > 0 && (
          <Box component="ul" aria-label={PASSKEYS_TEXTS.title} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {passkeys.data.map((item) => (
              <PasskeyItem
                key={item.id}
                item={item}
                busy={busy}
                onRename={(newName) => start(() => rename.mutate({ id: item.id, name: newName }))}
                onRemove={() => start(() => remove.mutate(item.id))}
              />
            ))}
          </Box>
        )}
        {supported ? (
          <Box
            component="form"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
            onSubmit={(event) => {
              event.preventDefault();
              start(() => add.mutate());
            }}
          >
            <TextField size="small" label={PASSKEYS_TEXTS.nameLabel} value={name} onChange={(event) => setName(event.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
            <Button type="submit" variant="contained" disabled={busy} sx={{ minHeight: 44 }}>
              {add.isPending ? PASSKEYS_TEXTS.adding : PASSKEYS_TEXTS.add}
            </Button>
          </Box>
        ) : (
          <Typography color="text.secondary">{PASSKEYS_TEXTS.unsupported}</Typography>
        )}
      </Stack>
    </ProfileCard>
  );
}
