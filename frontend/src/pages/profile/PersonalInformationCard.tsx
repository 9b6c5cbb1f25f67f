import { Alert, Box, Button, Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../api/client';
import { failureText } from '../../api/failure';
import { keys } from '../../api/member';
import { useTeams } from '../../api/profile';
import type { Profile } from '../../api/types';
import { SelectInput } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import { session } from '../../session/session';
import { type CardResult, ProfileCard } from './ProfileCard';
import { PROFILE_TEXTS } from './profileTexts';

type ProfileChange = Pick<Profile, 'first_name' | 'last_name' | 'date_of_birth' | 'phone' | 'favorite_team_id'>;

/** The member's own details (PATCH /api/me/profile): names, birthday, phone and favorite team; empty fields are cleared. */
export function PersonalInformationCard({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const teams = useTeams();
  const [form, setForm] = useState({
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    date_of_birth: profile.date_of_birth ?? '',
    phone: profile.phone ?? '',
    favorite_team_id: profile.favorite_team_id ? String(profile.favorite_team_id) : '',
  });
  const [result, setResult] = useState<CardResult>(null);
  const set = (name: keyof typeof form) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value }));

  const save = useMutation({
    mutationFn: (body: ProfileChange) => api<Profile>('/me/profile', { method: 'PATCH', body }),
    onSuccess: (updated) => {
      queryClient.setQueryData(keys.me(updated.id), updated);
      const current = session.user();
      if (current) session.setUser({ ...current, ...updated });
      setResult({ severity: 'success', message: PROFILE_TEXTS.profileSaved });
    },
    onError: (failure) => setResult({ severity: 'error', message: failureText(failure, PROFILE_TEXTS.profileFailed, { all: true }) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    save.mutate({
      first_name: form.first_name.trim() || null,
      last_name: form.last_name.trim() || null,
      date_of_birth: form.date_of_birth || null,
      phone: form.phone.trim() || null,
      favorite_team_id: form.favorite_team_id ? Number(form.favorite_team_id) : null,
    });
  };

  return (
    <ProfileCard id="personal-information" title="Personal Information">
      <Box component="form" onSubmit={submit}>
        <Stack spacing={2}>
          {result && <Alert severity={result.severity}>{result.message}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextInput label="First Name" autoComplete="given-name" value={form.first_name} onChange={set('first_name')} />
            <TextInput label="Last Name" autoComplete="family-name" value={form.last_name} onChange={set('last_name')} />
            <TextInput label="Date of Birth" type="date" autoComplete="bday" value={form.date_of_birth} onChange={set('date_of_birth')} />
            <TextInput label="Phone" type="tel" autoComplete="tel" value={form.phone} onChange={set('phone')} />
          </Box>
          <SelectInput label="Favorite Team" value={form.favorite_team_id} onChange={(value) => setForm((current) => ({ ...current, favorite_team_id: value }))}>
            <option value="">No favorite team</option>
            {teams.data?.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </SelectInput>
          {teams.isError && <Alert severity="error">Failed to load teams</Alert>}
          <Box>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {save.isPending ? 'Updating...' : 'Update Profile'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </ProfileCard>
  );
}
