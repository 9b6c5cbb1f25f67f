import { Alert } from '@mui/material';
import { DataTable, List, SimpleList, useListContext } from 'react-admin';
import { dateTimeText } from '../../format';
import { LoadError, quietLoad, useIsSmall } from '../common/listParts';
import { ContestFilterInput } from './ContestFilterInput';
import { useContestWeeks } from './SurvivorPickInputs';
import { SURVIVOR_TEXTS, teamText } from './survivorTexts';
import type { SurvivorPickAudit } from './survivorTypes';

const filters = [<ContestFilterInput key="contest" alwaysOn />];

const ACTION_TEXT: Record<string, string> = { create: 'Added', update: 'Changed', delete: 'Deleted' };
const actionText = (audit: SurvivorPickAudit) => ACTION_TEXT[audit.action] ?? audit.action;
const adminText = (audit: SurvivorPickAudit) => audit.admin_name ?? 'Deleted admin';

/** The audit names the week by id; its number comes from the contest's weeks (already loaded for the filters). */
function useWeekNumber() {
  const { filterValues } = useListContext();
  const { weeks } = useContestWeeks(filterValues.survivor_contest_id as number | undefined);
  return (audit: SurvivorPickAudit) => audit.week_number ?? weeks.find((week) => week.id === audit.week_id)?.number ?? '';
}

function AuditRows() {
  const small = useIsSmall();
  const weekNumber = useWeekNumber();
  const empty = <Alert severity="info" sx={{ m: 2 }}>{SURVIVOR_TEXTS.noAudits}</Alert>;
  return small ? (
    <SimpleList<SurvivorPickAudit>
      primaryText={(audit) => `${audit.user_name ?? ''}, week ${weekNumber(audit)}: ${actionText(audit)}`}
      secondaryText={(audit) => `${teamText(audit.previous_value)} → ${teamText(audit.new_value)} · ${audit.reason ?? ''}`}
      tertiaryText={(audit) => `${dateTimeText(audit.created_at)} · ${adminText(audit)}`}
      rowClick={false}
      empty={empty}
    />
  ) : (
    <DataTable rowClick={false} bulkActionButtons={false} empty={empty}>
      <DataTable.Col source="created_at" label="When" render={(audit: SurvivorPickAudit) => dateTimeText(audit.created_at)} />
      <DataTable.Col source="admin_name" label="Admin" disableSort render={adminText} />
      <DataTable.Col source="user_name" label="Member" disableSort />
      <DataTable.Col source="week_id" label="Week" disableSort render={weekNumber} />
      <DataTable.Col source="action" label="Action" disableSort render={actionText} />
      <DataTable.Col label="Before" render={(audit: SurvivorPickAudit) => teamText(audit.previous_value)} />
      <DataTable.Col label="After" render={(audit: SurvivorPickAudit) => teamText(audit.new_value)} />
      <DataTable.Col source="reason" label="Reason" disableSort render={(audit: SurvivorPickAudit) => audit.reason ?? ''} />
    </DataTable>
  );
}

/** GET /survivor_pick_audits: every admin override of a survivor pick, newest first: who, when, before, after, why. */
export const SurvivorAuditList = () => (
  <List
    title={SURVIVOR_TEXTS.audits}
    perPage={50}
    sort={{ field: 'created_at', order: 'DESC' }}
    filters={filters}
    actions={false}
    empty={false}
    error={<LoadError resource="survivor_pick_audits" />}
    queryOptions={quietLoad}
  >
    <AuditRows />
  </List>
);
