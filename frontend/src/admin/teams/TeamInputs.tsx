import { Stack } from '@mui/material';
import { minValue, NumberInput, ReferenceInput, required, SelectInput, TextInput } from 'react-admin';
import { wholeOrZero } from '../users/UserInputs';

const URL_PATTERN = /^https?:\/\/\S+$/i;
const webAddress = (value: unknown) => (value && !URL_PATTERN.test(String(value)) ? 'Enter a web address starting with http:// or https://' : undefined);

/** docs/product.md#validation: name, city, state, conference and website URL are required; wins and losses are integers, 0 by default. */
export const TeamInputs = () => (
  <>
    <TextInput source="name" label="Name" validate={required()} fullWidth autoFocus />
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
      <TextInput source="nickname" label="Nickname" fullWidth />
      <TextInput source="mascot" label="Mascot" fullWidth />
    </Stack>
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
      <TextInput source="city" label="City" validate={required()} fullWidth />
      <TextInput source="state" label="State" validate={required()} fullWidth />
    </Stack>
    <ReferenceInput source="conference_id" reference="conferences" perPage={200} sort={{ field: 'name', order: 'ASC' }}>
      <SelectInput label="Conference" optionText="name" validate={required()} fullWidth />
    </ReferenceInput>
    <TextInput source="webpage_url" label="Website URL" type="url" validate={[required(), webAddress]} fullWidth />
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
      <NumberInput source="wins" label="Wins" min={0} step={1} defaultValue={0} parse={wholeOrZero} validate={minValue(0)} fullWidth />
      <NumberInput source="losses" label="Losses" min={0} step={1} defaultValue={0} parse={wholeOrZero} validate={minValue(0)} fullWidth />
    </Stack>
  </>
);

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : (value ?? null));

/** The team fields of docs/product.md#api POST /teams and PATCH /teams/{id}. */
export const teamBody = (data: Record<string, unknown>) => ({
  name: data.name,
  nickname: blankToNull(data.nickname),
  mascot: blankToNull(data.mascot),
  city: data.city,
  state: data.state,
  conference_id: data.conference_id,
  webpage_url: data.webpage_url,
  wins: wholeOrZero(data.wins),
  losses: wholeOrZero(data.losses),
});

/** Save and add stay disabled until a conference is chosen (docs/product.md#validation). */
export const withoutConference = (values: Record<string, unknown>) => !values.conference_id;
