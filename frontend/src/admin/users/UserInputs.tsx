import { email, NumberInput, required, SelectInput, TextInput } from 'react-admin';

export const ROLE_CHOICES = [
  { id: 'user', name: 'user' },
  { id: 'admin', name: 'admin' },
];

/** docs/product.md#validation: wins and losses are parsed as integers, falling back to 0. */
export const wholeOrZero = (value: unknown): number => {
  const parsed = Number.parseInt(String(value ?? ''), 10);
  return Number.isNaN(parsed) ? 0 : parsed;
};

export const UserInputs = () => (
  <>
    <SelectInput source="role" label="Role" choices={ROLE_CHOICES} validate={required()} fullWidth />
    <TextInput source="email" label="Email" type="email" validate={[required(), email()]} fullWidth />
    <TextInput source="name" label="Name" validate={required()} fullWidth />
    <NumberInput source="wins" label="Wins" min={0} step={1} parse={wholeOrZero} fullWidth />
    <NumberInput source="losses" label="Losses" min={0} step={1} parse={wholeOrZero} fullWidth />
  </>
);

/** What an admin may change on a user (docs/product.md#api PATCH /users/{id}). */
export const userBody = (data: Record<string, unknown>) => ({
  role: data.role,
  email: data.email,
  name: data.name,
  wins: wholeOrZero(data.wins),
  losses: wholeOrZero(data.losses),
});
