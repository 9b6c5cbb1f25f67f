import { AutocompleteInput, required, useGetList } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { CreateDialog } from '../common/FormDialog';
import { SURVIVOR_TEXTS } from './survivorTexts';
import type { SurvivorEntry } from './survivorTypes';
import { ContestFilterInput } from './ContestFilterInput';

interface Member {
  id: number;
  name: string;
  email: string;
}

/** Members not yet entered in the chosen contest. */
function MemberInput() {
  const contestId = useWatch({ name: 'survivor_contest_id' }) as number | string | undefined;
  const members = useGetList<Member>('users', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });
  const entries = useGetList<SurvivorEntry>(
    'survivor_entries',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' }, filter: { survivor_contest_id: Number(contestId) } },
    { enabled: !!contestId },
  );
  const entered = new Set((entries.data ?? []).map((entry) => entry.user_id));
  return (
    <AutocompleteInput
      source="user_id"
      label="Member"
      choices={(members.data ?? []).filter((member) => !entered.has(member.id))}
      optionText={(member: Member) => `${member.name} (${member.email})`}
      isPending={members.isPending}
      validate={required()}
      fullWidth
    />
  );
}

export const survivorEntryBody = (data: Record<string, unknown>) => ({ survivor_contest_id: Number(data.survivor_contest_id), user_id: Number(data.user_id) });

/** POST /survivor_entries: an admin enters a member, until entry closes. */
export const SurvivorEntryCreate = ({ onClose, contestId }: { onClose: () => void; contestId?: number }) => (
  <CreateDialog
    resource="survivor_entries"
    title={SURVIVOR_TEXTS.addEntrant}
    successMessage="Entrant added"
    saveLabel="Add"
    onClose={onClose}
    transform={survivorEntryBody}
    defaultValues={{ survivor_contest_id: contestId ?? '', user_id: '' }}
  >
    <ContestFilterInput validate />
    <MemberInput />
  </CreateDialog>
);
