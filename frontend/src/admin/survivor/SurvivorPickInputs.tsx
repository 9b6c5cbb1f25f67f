import { Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { AutocompleteInput, type Identifier, required, SelectInput, TextInput, useGetList, useRecordContext } from 'react-admin';
import { useWeeksOf } from '../common/seasonWeek';
import type { GameRecord } from '../dataProvider';
import { ContestFilterInput } from './ContestFilterInput';
import { SURVIVOR_TEXTS, teamText } from './survivorTexts';
import type { SurvivorEntry, SurvivorPick } from './survivorTypes';
import { useContestChoices } from './useContests';

const requiredReason = [required(), (value: unknown) => (typeof value === 'string' && value.trim() === '' ? 'Required' : undefined)];

export const ReasonInput = () => <TextInput source="reason" label="Reason" helperText={SURVIVOR_TEXTS.reasonHelp} validate={requiredReason} multiline fullWidth />;

/** The contest's weeks from its first week on. */
export function useContestWeeks(contestId: Identifier | undefined | '') {
  const { find } = useContestChoices();
  const contest = find(contestId);
  const weeks = useWeeksOf(contest?.football_season_id ?? '');
  return { contest, weeks: (weeks.data ?? []).filter((week) => !contest || week.number >= (contest.first_week_number ?? 0)), isPending: weeks.isPending };
}

/** Each team of the week's games that are not cancelled, "Georgia (vs Auburn)". */
export function TeamInput({ weekId }: { weekId: Identifier | undefined | '' }) {
  const games = useGetList<GameRecord>(
    'games',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'game_date', order: 'ASC' }, filter: { week_id: Number(weekId) } },
    { enabled: !!weekId },
  );
  const choices = (games.data ?? [])
    .filter((game) => game.status !== 'cancelled')
    .flatMap((game) => [
      { id: game.away_team.id, name: `${game.away_team.name} (at ${game.home_team.name})` },
      { id: game.home_team.id, name: `${game.home_team.name} (vs ${game.away_team.name})` },
    ]);
  return <SelectInput source="team_id" label="Team" choices={choices} disabled={!weekId} isPending={!!weekId && games.isPending} validate={required()} fullWidth />;
}

/** The override's inputs: contest, entrant, week, team and the reason, all required. */
export function AddSurvivorPickInputs() {
  const [contestId, weekId] = useWatch({ name: ['survivor_contest_id', 'week_id'] }) as [number | '', number | ''];
  const { weeks, isPending } = useContestWeeks(contestId);
  const entries = useGetList<SurvivorEntry>(
    'survivor_entries',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' }, filter: { survivor_contest_id: Number(contestId) } },
    { enabled: !!contestId },
  );
  const { setValue } = useFormContext();
  const previousWeek = useRef(weekId);
  useEffect(() => {
    // A team of another week's games does not carry over.
    if (previousWeek.current !== weekId) setValue('team_id', '');
    previousWeek.current = weekId;
  }, [weekId, setValue]);
  return (
    <>
      <ContestFilterInput validate />
      <AutocompleteInput
        source="user_id"
        label="Entrant"
        choices={(entries.data ?? []).map((entry) => ({ id: entry.user_id, name: entry.name }))}
        isPending={!!contestId && entries.isPending}
        disabled={!contestId}
        validate={required()}
        fullWidth
      />
      <SelectInput source="week_id" label="Week" choices={weeks} optionText="display_name" isPending={!!contestId && isPending} disabled={!contestId} validate={required()} fullWidth />
      <TeamInput weekId={weekId} />
      <ReasonInput />
    </>
  );
}

/** The edit: another team of the same week, and why. */
export function EditSurvivorPickInputs() {
  const pick = useRecordContext<SurvivorPick>();
  if (!pick) return null;
  return (
    <>
      <Typography variant="body2">
        {pick.user_name}, week {pick.week_number}: {teamText(pick)}
        {pick.assigned ? ' (given as the favourite)' : ''}
      </Typography>
      <TeamInput weekId={pick.week_id} />
      <ReasonInput />
    </>
  );
}

const reasonOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** POST /survivor_picks. */
export const addSurvivorPickBody = (data: Record<string, unknown>) => ({
  survivor_contest_id: Number(data.survivor_contest_id),
  user_id: Number(data.user_id),
  week_id: Number(data.week_id),
  team_id: Number(data.team_id),
  reason: reasonOf(data.reason),
});

/** PUT /survivor_picks/{id}: the team and why. */
export const editSurvivorPickBody = (data: Record<string, unknown>) => ({ team_id: Number(data.team_id), reason: reasonOf(data.reason) });
