import { Chip } from '@mui/material';
import { DataTable, List, ReferenceField, SelectInput, SimpleList, TextField } from 'react-admin';
import { dateTimeText } from '../../format';
import { LoadError, quietLoad, useIsSmall } from '../common/listParts';
import type { ImportRecord } from './importTypes';

export const KIND_LABELS: Record<string, string> = { week: 'Week import', scores: 'Score sync', calendar: 'Weeks from calendar' };
const PROVIDER_LABELS: Record<string, string> = { cfbd: 'CollegeFootballData', scoreboard: 'NCAA scoreboard', csv: 'CSV file' };
const STATUS_COLORS: Record<string, 'default' | 'success' | 'info' | 'error'> = { applied: 'success', preview: 'info', failed: 'error', superseded: 'default' };

const kindText = (record: ImportRecord) => KIND_LABELS[record.kind] ?? record.kind;
const providerText = (record: ImportRecord) => PROVIDER_LABELS[record.provider] ?? record.provider;
/** The admin who asked (by id: the account may be gone), or the system for the scheduled score sync. */
function Who({ record }: { record: ImportRecord }) {
  if (!record.created_by) return <>System</>;
  return (
    <ReferenceField record={record} source="created_by" reference="users" link={false} emptyText={`User #${record.created_by}`}>
      <TextField source="name" />
    </ReferenceField>
  );
}

const parsed = (summary: unknown): Record<string, unknown> | null => {
  if (typeof summary === 'string') {
    try {
      const value = JSON.parse(summary) as unknown;
      return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return summary && typeof summary === 'object' ? (summary as Record<string, unknown>) : null;
};
const count = (value: unknown) => (Array.isArray(value) ? value.length : typeof value === 'number' ? value : 0);

/** What an import changed, in a line: "Created 10 games, updated 0, removed 0", "3 scores written, 1 flagged". */
export function summaryText(record: ImportRecord): string {
  const summary = parsed(record.summary);
  if (record.status === 'preview') return 'Previewed, not applied';
  if (!summary) return typeof record.summary === 'string' ? record.summary : '';
  if (record.kind === 'scores') {
    const flagged = count(summary.flagged);
    return `${count(summary.changes)} game${count(summary.changes) === 1 ? '' : 's'} updated${flagged ? `, ${flagged} flagged` : ''}${summary.results_calculated ? ', results calculated' : ''}`;
  }
  if (record.kind === 'calendar') return `Created ${count(summary.created)} weeks, ${count(summary.unchanged)} already there`;
  return `Created ${count(summary.created)} games, updated ${count(summary.updated)}, removed ${count(summary.removed)}`;
}

const filters = [
  <SelectInput
    key="kind"
    source="kind"
    label="Kind"
    alwaysOn
    emptyText="All kinds"
    choices={Object.entries(KIND_LABELS).map(([id, name]) => ({ id, name }))}
  />,
];

function Week({ record }: { record: ImportRecord }) {
  if (!record.week_id) return <>—</>;
  return (
    <ReferenceField record={record} source="week_id" reference="weeks" link={false}>
      <TextField source="display_name" />
    </ReferenceField>
  );
}

/** Import History: every import, score sync and calendar import, newest first; read-only. */
export function ImportList() {
  const small = useIsSmall();
  return (
    <List
      title="Import History"
      perPage={25}
      sort={{ field: 'created_at', order: 'DESC' }}
      filters={filters}
      actions={false}
      empty={false}
      error={<LoadError resource="imports" />}
      queryOptions={quietLoad}
    >
      {small ? (
        <SimpleList<ImportRecord>
          primaryText={(record) => `${kindText(record)} · ${providerText(record)}`}
          secondaryText={(record) => `${dateTimeText(record.created_at)} · ${record.created_by ? 'by an admin' : 'by the system'} · ${record.status}`}
          tertiaryText={(record) => summaryText(record)}
          rowClick={false}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="created_at" label="When" render={(record: ImportRecord) => dateTimeText(record.created_at)} />
          <DataTable.Col source="kind" label="Kind" render={kindText} />
          <DataTable.Col source="provider" label="Provider" render={providerText} />
          <DataTable.Col source="week_id" label="Week" disableSort render={(record: ImportRecord) => <Week record={record} />} />
          <DataTable.Col
            source="status"
            label="Status"
            render={(record: ImportRecord) => <Chip size="small" label={record.status} color={STATUS_COLORS[record.status] ?? 'default'} variant="outlined" />}
          />
          <DataTable.Col source="created_by" label="Who" disableSort render={(record: ImportRecord) => <Who record={record} />} />
          <DataTable.Col label="Summary" render={summaryText} />
        </DataTable>
      )}
    </List>
  );
}
