import { required, SelectInput } from 'react-admin';
import { useContestChoices } from './useContests';

/** The contest select of the survivor lists' filters (`alwaysOn` is read by react-admin's filter form) and forms. */
export function ContestFilterInput({ source = 'survivor_contest_id', validate = false }: { source?: string; alwaysOn?: boolean; validate?: boolean }) {
  const { choices, isPending } = useContestChoices();
  return (
    <SelectInput
      source={source}
      label="Survivor contest"
      choices={choices}
      isPending={isPending}
      validate={validate ? required() : undefined}
      sx={{ minWidth: 240 }}
      fullWidth={validate}
    />
  );
}
