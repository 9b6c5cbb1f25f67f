import { Alert, Box, Divider, Stack, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { BooleanInput, maxValue, minValue, NumberInput, required, SelectInput, useRecordContext } from 'react-admin';
import type { SeasonRules } from '../../api/seasonRules';
import type { SeasonRecord } from '../dataProvider';

export const RULES_LOCKED_TEXT = "Rules are locked: the season's first game has kicked off.";

/** The form-only switch for `games_per_week: null`, so the number keeps its value while the switch is on. */
const EVERY_GAME = 'every_game_of_week';

const PICK_MODE_CHOICES = [
  { id: 'winner', name: 'Pick the winner' },
  { id: 'spread', name: 'Against the spread' },
];
const PUSH_RULE_CHOICES = [
  { id: 'loss', name: 'Counts as a loss' },
  { id: 'half', name: 'Counts as half a win' },
  { id: 'void', name: 'Does not count (no contest)' },
];
const MISSED_WEEK_CHOICES = [
  { id: 'loss', name: 'Count as losses (0 points)' },
  { id: 'excluded', name: 'Left out (standings by win percentage)' },
];
const WEEKLY_TIE_CHOICES = [
  { id: 'tiebreaker', name: 'Split by the tiebreaker' },
  { id: 'shared', name: 'Shared place' },
];

const whole = (value: unknown) => (value !== null && value !== undefined && value !== '' && !Number.isInteger(Number(value)) ? 'Must be a whole number' : undefined);
const dropWorstWeeks = [required(), minValue(0), maxValue(10), whole];
/** The number counts only while "Every game of the week" is off. */
const gamesPerWeek = [required(), minValue(1), maxValue(40), whole].map(
  (validate) => (value: unknown, values: Record<string, unknown>) => (values[EVERY_GAME] ? undefined : validate(value, values)),
);

/** The season's rules in plain words (`rules_summary`, the rules that differ from the spec's), as saved. */
function RulesSummary() {
  const season = useRecordContext<SeasonRecord>();
  const sentences = season?.rules_summary ?? [];
  if (sentences.length === 0) return null;
  return (
    <Box component="section" aria-label="This season's rules" sx={{ mb: 1 }}>
      <Typography variant="body2" fontWeight="bold">
        This season's rules
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {sentences.map((sentence) => (
          <Typography component="li" variant="body2" key={sentence}>
            {sentence}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** docs/pool-formats.md: the season's rules, editable until its first game kicks off (`rules_locked`). */
export function RulesInputs() {
  const season = useRecordContext<SeasonRecord>();
  const locked = season?.rules_locked === true;
  const [pickMode, everyGame] = useWatch({ name: ['rules.pick_mode', EVERY_GAME] }) as [SeasonRules['pick_mode'] | undefined, boolean | undefined];
  const spread = pickMode === 'spread';
  return (
    <>
      <Divider sx={{ my: 1 }} />
      <Typography component="h3" variant="subtitle1" fontWeight="bold">
        Rules
      </Typography>
      <RulesSummary />
      {locked && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {RULES_LOCKED_TEXT}
        </Alert>
      )}
      <BooleanInput
        source="rules.pickem"
        label="Pick'em contest"
        helperText="Off: the season runs only its survivor contest (no pick'em picks, reminders or e-mail sections)"
        disabled={locked}
      />
      <SelectInput
        source="rules.pick_mode"
        label="Pick mode"
        choices={PICK_MODE_CHOICES}
        helperText="Against the spread, members pick the team that covers the line frozen at the game's first pick"
        validate={required()}
        disabled={locked}
        fullWidth
      />
      {spread && (
        <>
          <SelectInput
            source="rules.push_rule"
            label="A game landing exactly on the line (push)"
            choices={PUSH_RULE_CHOICES}
            validate={required()}
            disabled={locked}
            fullWidth
          />
          <BooleanInput source="rules.half_point_lines" label="Half-point lines" helperText="Every line must end in .5 (for example 7.5), so no game can push" disabled={locked} />
        </>
      )}
      <BooleanInput
        source="rules.confidence_points"
        label="Confidence points"
        helperText="Members give each pick 1 up to the number of games, each number once; a correct pick earns its points"
        disabled={locked}
      />
      <BooleanInput source="rules.lock_of_week" label="Lock of the week" helperText="One pick per member and week counts double" disabled={locked} />
      <NumberInput
        source="rules.drop_worst_weeks"
        label="Drop worst weeks"
        helperText="Each member's weeks with the fewest points leave the season standings (0 to 10)"
        min={0}
        max={10}
        validate={dropWorstWeeks}
        disabled={locked}
        fullWidth
      />
      <SelectInput source="rules.missed_weeks" label="Missed weeks" choices={MISSED_WEEK_CHOICES} validate={required()} disabled={locked} fullWidth />
      <SelectInput source="rules.weekly_ties" label="Weekly ties" choices={WEEKLY_TIE_CHOICES} validate={required()} disabled={locked} fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }} alignItems={{ sm: 'center' }}>
        <BooleanInput
          source={EVERY_GAME}
          label="Every game of the week"
          helperText={false}
          defaultValue={season?.rules?.games_per_week === null}
          disabled={locked}
          sx={{ flexShrink: 0 }}
        />
        {!everyGame && (
          <NumberInput
            source="rules.games_per_week"
            label="Games per week"
            helperText="One of them the tiebreaker; the weekly e-mail needs exactly this many"
            min={1}
            max={40}
            validate={gamesPerWeek}
            disabled={locked}
            fullWidth
          />
        )}
      </Stack>
      <BooleanInput
        source="rules.commissioner_plays"
        label="Commissioner plays"
        helperText="Admins make their own picks like members, deadlines included"
        disabled={locked}
      />
    </>
  );
}

/**
 * The rules as a season write sends them (docs/pool-formats.md), none once they are locked. Half-point lines apply
 * against the spread only, so picking the winner sends them off.
 */
export function rulesBody(data: Record<string, unknown>): { rules?: SeasonRules } {
  const rules = data.rules as SeasonRules | undefined;
  if (data.rules_locked === true || !rules) return {};
  return {
    rules: {
      ...rules,
      // A season stored before the switch existed runs its pick'em.
      pickem: rules.pickem !== false,
      half_point_lines: rules.pick_mode === 'spread' && rules.half_point_lines,
      drop_worst_weeks: Number(rules.drop_worst_weeks),
      games_per_week: data[EVERY_GAME] === true ? null : Number(rules.games_per_week),
    },
  };
}
