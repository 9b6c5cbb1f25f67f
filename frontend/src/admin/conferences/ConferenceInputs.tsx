import { required, TextInput } from 'react-admin';

export const ConferenceInputs = () => <TextInput source="name" label="Name" validate={required()} fullWidth autoFocus />;

/** Only what the API takes (docs/product.md#api: a conference is its name). */
export const conferenceBody = (data: Record<string, unknown>) => ({ name: data.name });
