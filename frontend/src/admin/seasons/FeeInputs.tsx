import { Divider, Stack, Typography } from '@mui/material';
import { NumberInput, TextInput } from 'react-admin';

/** Cents in the API, dollars in the form: 2500 ↔ 25. */
const toDollars = (cents: unknown) => (cents === null || cents === undefined || cents === '' ? '' : Number(cents) / 100);
const toCents = (dollars: unknown) => {
  if (dollars === null || dollars === undefined || dollars === '') return 0;
  const value = Number(dollars);
  return Number.isFinite(value) ? Math.round(value * 100) : dollars;
};
const notNegative = (cents: unknown) => {
  if (cents === undefined || cents === null || cents === '') return undefined;
  return typeof cents !== 'number' || cents < 0 ? 'Must be an amount of 0 or more' : undefined;
};

/** The props of an amount field: dollars on screen, whole cents in the record. */
export const DOLLARS = { format: toDollars, parse: toCents, validate: notNegative, min: 0, step: 0.01, fullWidth: true } as const;

/** [50, 30, 20] from the API shows as "50, 30, 20"; what the admin types stays text until it is sent. */
export const toText = (percentages: unknown) => (Array.isArray(percentages) ? percentages.join(', ') : (percentages ?? ''));
export const asTyped = (text: unknown) => text;
export const toList = (value: unknown): number[] =>
  Array.isArray(value)
    ? (value as number[])
    : String(value ?? '')
        .split(/[,\s%]+/)
        .filter(Boolean)
        .map(Number);

/** The payout table's own rules (the server checks them with the fee): whole percentages 1..100 adding up to 100. */
export function percentagesError(value: unknown): string | undefined {
  const percentages = toList(value);
  if (percentages.length === 0) return undefined;
  if (percentages.some((percent) => !Number.isInteger(percent) || percent < 1 || percent > 100)) return 'Each place gets a whole percentage from 1 to 100';
  const sum = percentages.reduce((a: number, b: number) => a + b, 0);
  return sum === 100 ? undefined : `The places must add up to 100% (now ${sum}%)`;
}

/** docs/pool-formats.md#entry-fees-and-payouts: the entry fee, the weekly winner's amount and the season payouts. */
export function FeeInputs() {
  return (
    <>
      <Divider sx={{ my: 1 }} />
      <Typography component="h3" variant="subtitle1" fontWeight="bold">
        Entry fee and payouts
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Tracking only: the pool takes no payments. Leave the fee at 0 for a season without money.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <NumberInput source="entry_fee_cents" label="Entry fee ($)" {...DOLLARS} />
        <NumberInput source="weekly_winner_cents" label="Weekly winner ($)" helperText="Paid to each week's winner; 0 for none" {...DOLLARS} />
      </Stack>
      <TextInput
        source="payout_percentages"
        label="Season payouts (%)"
        helperText="Percent of the season pot for 1st, 2nd, 3rd…, adding up to 100 (for example 50, 30, 20); empty without a fee"
        format={toText}
        parse={asTyped}
        validate={percentagesError}
        fullWidth
      />
    </>
  );
}

/** The money fields of a season write, as the API takes them. */
export const feeBody = (data: Record<string, unknown>) => ({
  ...(typeof data.entry_fee_cents === 'number' ? { entry_fee_cents: data.entry_fee_cents } : {}),
  ...(typeof data.weekly_winner_cents === 'number' ? { weekly_winner_cents: data.weekly_winner_cents } : {}),
  ...(data.payout_percentages === undefined || data.payout_percentages === null ? {} : { payout_percentages: toList(data.payout_percentages) }),
});
