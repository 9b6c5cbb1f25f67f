import { Stack } from '@mui/material';
import { DateInput, maxValue, minValue, NumberInput, required, TextInput } from 'react-admin';
import { rulesBody, RulesInputs } from './RulesInputs';
import { feeBody, FeeInputs } from './FeeInputs';

export const SeasonInputs = () => (
  <>
    <TextInput source="name" label="Name" helperText="For example 2025-2026" validate={required()} fullWidth autoFocus />
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
      <DateInput source="start_date" label="Start Date" validate={required()} fullWidth />
      <DateInput source="end_date" label="End Date" validate={required()} fullWidth />
    </Stack>
    <NumberInput source="year" label="Year" helperText="Defaults to the year the season starts" min={1900} max={2100} validate={[minValue(1900), maxValue(2100)]} fullWidth />
    <RulesInputs />
    <FeeInputs />
  </>
);

/** docs/product.md#api: name, start_date, end_date (and the year, which the server derives when left out), and the rules. */
export const seasonBody = (data: Record<string, unknown>) => ({
  name: data.name,
  start_date: data.start_date,
  end_date: data.end_date,
  ...(data.year === null || data.year === undefined || data.year === '' ? {} : { year: Number(data.year) }),
  ...rulesBody(data),
  ...feeBody(data),
});
