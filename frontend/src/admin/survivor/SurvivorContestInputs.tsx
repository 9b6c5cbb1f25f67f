import { Alert, Divider, Stack, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { maxLength, NumberInput, required, SelectInput, TextInput, useRecordContext } from 'react-admin';
import { useSeasons, useWeeksOf } from '../common/seasonWeek';
import { asTyped, DOLLARS, percentagesError, toList, toText } from '../seasons/FeeInputs';
import {
  ALL_LOSE_CHOICES,
  LIVES_CHOICES,
  MISSED_CHOICES,
  PICK_MODE_CHOICES,
  REUSE_CHOICES,
  SURVIVOR_TEXTS,
  TIES_CHOICES,
} from './survivorTexts';
import type { SurvivorContest } from './survivorTypes';

/** At most 20 places (docs/pool-formats.md "The rules"), besides the season's own checks. */
const payoutError = (value: unknown) => (toList(value).length > 20 ? 'At most 20 places' : percentagesError(value));
const FEE_MAX_CENTS = 10_000_000;
const feeError = (cents: unknown) =>
  typeof cents === 'number' && cents > FEE_MAX_CENTS ? 'At most $100,000' : (DOLLARS.validate(cents) ?? undefined);

/** The rules once they are locked: why the form can't change them. */
export function LockedNote() {
  const contest = useRecordContext<SurvivorContest>();
  if (!contest?.rules_locked) return null;
  return (
    <Alert severity="info" sx={{ mb: 1 }}>
      <strong>{SURVIVOR_TEXTS.rulesLocked}</strong> {SURVIVOR_TEXTS.rulesLockedWhy}
    </Alert>
  );
}

/**
 * docs/pool-formats.md "Survivor" > "The rules": every rule of the contest, read-only once `rules_locked`. The season
 * is chosen when the contest is added (one contest per season) and stays.
 */
export function SurvivorContestInputs() {
  const contest = useRecordContext<SurvivorContest>();
  const locked = contest?.rules_locked === true;
  const seasonId = useWatch({ name: 'football_season_id' }) as number | string | undefined;
  const seasons = useSeasons();
  const weeks = useWeeksOf(seasonId ?? '');
  return (
    <>
      <LockedNote />
      <SelectInput
        source="football_season_id"
        label="Football Season"
        choices={seasons.data ?? []}
        isPending={seasons.isPending}
        validate={required()}
        disabled={!!contest}
        helperText={contest ? false : 'A season runs at most one survivor contest'}
        fullWidth
      />
      <TextInput source="name" label="Name" helperText="Shown to members" validate={[required(), maxLength(100)]} fullWidth />
      <SelectInput
        source="first_week_id"
        label="First week"
        choices={weeks.data ?? []}
        optionText="display_name"
        isPending={!!seasonId && weeks.isPending}
        emptyText="The first week still open"
        emptyValue=""
        helperText="Weeks before it are not part of the contest"
        disabled={locked || !seasonId}
        fullWidth
      />
      <Divider sx={{ my: 1 }} />
      <Typography component="h3" variant="subtitle1" fontWeight="bold">
        Rules
      </Typography>
      <SelectInput source="pick_mode" label="Each week's pick" choices={PICK_MODE_CHOICES} validate={required()} disabled={locked} helperText="Against the spread, the line frozen at the game's first pick" fullWidth />
      <SelectInput source="reuse" label="Using a team again" choices={REUSE_CHOICES} validate={required()} disabled={locked} fullWidth />
      <SelectInput source="lives" label="Lives" choices={LIVES_CHOICES} validate={required()} disabled={locked} helperText="Each loss costs one; an entrant with none left is out" fullWidth />
      <SelectInput source="ties" label="A tie, or a game landing on the line" choices={TIES_CHOICES} validate={required()} disabled={locked} fullWidth />
      <SelectInput source="missed" label="A week without a pick" choices={MISSED_CHOICES} validate={required()} disabled={locked} fullWidth />
      <SelectInput source="all_lose" label="Everyone left would be out the same week" choices={ALL_LOSE_CHOICES} validate={required()} disabled={locked} fullWidth />
      <Divider sx={{ my: 1 }} />
      <Typography component="h3" variant="subtitle1" fontWeight="bold">
        Entry fee and payouts
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Tracking only: the pool takes no payments. Leave the fee at 0 for a contest without money.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <NumberInput source="entry_fee_cents" label="Entry fee ($)" {...DOLLARS} validate={feeError} disabled={locked} />
      </Stack>
      <TextInput
        source="payout_percentages"
        label="Payouts (%)"
        helperText="Percent of the contest's pot for 1st, 2nd, 3rd…, adding up to 100 (for example 70, 30); empty without a fee"
        format={toText}
        parse={asTyped}
        validate={payoutError}
        disabled={locked}
        fullWidth
      />
    </>
  );
}

const RULES = ['pick_mode', 'reuse', 'ties', 'missed', 'all_lose'] as const;

/**
 * The contest as POST and PUT take it: the name always; the season on create only; the rules, first week, fee and
 * payouts while they may change (sending them back once locked is refused as a change only if they differ, but
 * sending none keeps a locked contest's save to its name).
 */
export function survivorContestBody(data: Record<string, unknown>) {
  const body: Record<string, unknown> = { name: typeof data.name === 'string' ? data.name.trim() : data.name };
  if (data.id === undefined) body.football_season_id = Number(data.football_season_id);
  if (data.rules_locked === true) return body;
  if (data.first_week_id !== '' && data.first_week_id !== null && data.first_week_id !== undefined) body.first_week_id = Number(data.first_week_id);
  for (const rule of RULES) body[rule] = data[rule];
  body.lives = Number(data.lives);
  body.entry_fee_cents = typeof data.entry_fee_cents === 'number' ? data.entry_fee_cents : 0;
  body.payout_percentages = data.payout_percentages === undefined || data.payout_percentages === null ? [] : toList(data.payout_percentages);
  return body;
}
