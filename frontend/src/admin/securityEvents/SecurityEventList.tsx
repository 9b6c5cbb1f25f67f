import { Chip } from '@mui/material';
import { DataTable, DateTimeInput, List, SelectInput, SimpleList, TextInput, TopToolbar } from 'react-admin';
import { dateTimeText } from '../../format';
import { LoadError, quietLoad, useIsSmall } from '../common/listParts';
import type { SecurityEvent, SecurityEventType } from '../../api/types';

/** What each entry's type reads as in the console. */
export const SECURITY_EVENT_LABELS: Record<SecurityEventType, string> = {
  login: 'Login',
  login_failed: 'Failed login',
  throttled: 'Throttled',
  logout: 'Logout',
  logout_everywhere: 'Logout everywhere',
  password_changed: 'Password changed',
  password_change_failed: 'Wrong current password',
  reauthenticated: 'Identity confirmed',
  reauthentication_failed: 'Identity not confirmed',
  password_reset_requested: 'Reset requested',
  password_reset: 'Password reset',
  email_changed: 'E-mail changed',
  role_changed: 'Role changed',
  user_deleted: 'User deleted',
  invitation_created: 'Invitation sent',
  invitation_deleted: 'Invitation withdrawn',
  pick_override: 'Pick override',
  picks_reopened: 'Picks reopened',
  record_deleted: 'Record deleted',
  entry_paid: 'Entry marked paid',
  entry_unpaid: 'Entry marked unpaid',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
  second_factor_challenged: 'Code asked at sign-in',
  second_factor_failed: 'Wrong second-factor code',
  second_factor_enrolled: 'Second factor set up',
  second_factor_removed: 'Second factor removed',
  second_factor_reset: 'Second factor reset',
  recovery_code_used: 'Recovery code used',
  recovery_codes_renewed: 'New recovery codes',
};

const typeChoices = Object.entries(SECURITY_EVENT_LABELS).map(([id, name]) => ({ id, name }));

/** A datetime-local input's value (the admin's own time) as the instant the API filters by. */
const asInstant = (value: string) => (value ? new Date(value).toISOString() : null);

const filters = [
  <SelectInput key="type" source="type" label="Event" choices={typeChoices} alwaysOn sx={{ minWidth: 200 }} />,
  <TextInput key="email" source="email" label="E-mail contains" alwaysOn resettable />,
  <TextInput key="ip" source="ip" label="IP address" />,
  <TextInput key="user_id" source="user_id" label="User id" />,
  <DateTimeInput key="from" source="created_at_gte" label="From" parse={asInstant} />,
  <DateTimeInput key="to" source="created_at_lte" label="To" parse={asInstant} />,
];

const typeText = (event: SecurityEvent) => SECURITY_EVENT_LABELS[event.type] ?? event.type;
const who = (event: SecurityEvent) =>
  [event.email, event.user_id !== null ? `user #${event.user_id}` : null].filter(Boolean).join(' · ');

/**
 * The security log, newest first (docs/security.md): logins and their failures, throttles, resets, role changes,
 * deletions, overrides and reopened picks. Read-only: entries are written where they happen and pruned after
 * SECURITY_LOG_RETENTION.
 */
export const SecurityEventList = () => {
  const small = useIsSmall();
  return (
    <List
      title="Security Log"
      perPage={50}
      sort={{ field: 'created_at', order: 'DESC' }}
      filters={filters}
      actions={<TopToolbar />}
      empty={false}
      error={<LoadError resource="security_events" />}
      queryOptions={quietLoad}
    >
      {small ? (
        <SimpleList<SecurityEvent>
          primaryText={(event) => `${typeText(event)} · ${dateTimeText(event.created_at)}`}
          secondaryText={(event) => who(event)}
          tertiaryText={(event) => [event.details, event.ip].filter(Boolean).join(' · ')}
          rowClick={false}
          sx={{ '& .MuiListItemText-secondary': { wordBreak: 'break-all' } }}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="created_at" label="When" render={(event: SecurityEvent) => dateTimeText(event.created_at)} />
          <DataTable.Col source="type" label="Event" render={(event: SecurityEvent) => <Chip size="small" label={typeText(event)} />} />
          <DataTable.Col source="email" label="E-mail" sx={{ wordBreak: 'break-all' }} />
          <DataTable.Col source="user_id" label="User" render={(event: SecurityEvent) => (event.user_id === null ? '' : `#${event.user_id}`)} />
          <DataTable.Col source="actor_id" label="By" render={(event: SecurityEvent) => (event.actor_id === null ? '' : `#${event.actor_id}`)} />
          <DataTable.Col source="ip" label="IP" />
          <DataTable.Col label="Details" render={(event: SecurityEvent) => event.details ?? ''} />
        </DataTable>
      )}
    </List>
  );
};
