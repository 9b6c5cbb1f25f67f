import { Alert, Checkbox, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DataTable, List, Pagination, TopToolbar, useDataProvider, useListContext } from 'react-admin';
import type { EntryPayment } from '../../api/types';
import { StatusPill } from '../../components/StatusPill';
import { moneyText } from '../../components/pot/money';
import { dateTimeText } from '../../format';
import { LoadError, quietLoad, useIsSmall } from '../common/listParts';
import { useCurrentSeasonWeek } from '../common/seasonWeek';
import type { AdminDataProvider } from '../dataProvider';
import { SeasonSelectInput } from '../weeks/WeekInputs';
import { MarkPaidButton } from './MarkPaidButton';

export const ENTRY_FEE_TEXTS = {
  title: 'Entry Fees',
  select: 'Select a football season to see who paid',
  noFee: 'This season has no entry fee. Set one on the season to track who paid.',
  empty: 'No members yet.',
} as const;

const filters = [<SeasonSelectInput key="season" validate={false} alwaysOn />];

const PaidPill = ({ row }: { row: EntryPayment }) => <StatusPill tone={row.paid ? 'good' : 'warn'}>{row.paid ? 'Paid' : 'Unpaid'}</StatusPill>;

/** The season's pot in a line over the list: "Pot $200 · 10 of 12 paid · $20 entry". */
function PotLine() {
  const { filterValues, data } = useListContext<EntryPayment & { id: number }>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const seasonId = filterValues.football_season_id;
  // Keyed by the rows too, so a bulk change refreshes the line.
  const paidNow = data?.filter((row) => row.paid).length;
  const pot = useQuery({ queryKey: ['admin', 'pot', seasonId, paidNow], queryFn: () => dataProvider.seasonPot(seasonId), enabled: !!seasonId, retry: false });
  if (!pot.data) return null;
  if (pot.data.entry_fee_cents === 0) return <Alert severity="info" sx={{ m: 2 }}>{ENTRY_FEE_TEXTS.noFee}</Alert>;
  return (
    <Typography sx={{ px: 2, pt: 1.5 }} data-testid="admin-pot-line">
      Pot {moneyText(pot.data.pot_cents)} · {pot.data.paid_count} of {pot.data.member_count} paid · {moneyText(pot.data.entry_fee_cents)} entry
    </Typography>
  );
}

/**
 * The row's own selection box, labelled with the member's name (react-admin's built-in one carries its label on a
 * span, which screen readers don't announce).
 */
function SelectCell({ row }: { row: EntryPayment }) {
  const { selectedIds, onToggleItem } = useListContext();
  return (
    <Checkbox
      size="small"
      checked={selectedIds.includes(row.id)}
      onClick={(event) => event.stopPropagation()}
      onChange={() => onToggleItem(row.id)}
      slotProps={{ input: { 'aria-label': `Select ${row.name}` } }}
    />
  );
}

function SelectAll() {
  const { data, selectedIds, onSelect } = useListContext<EntryPayment & { id: number }>();
  const ids = data?.map((row) => row.id) ?? [];
  const all = ids.length > 0 && ids.every((id) => selectedIds.includes(id));
  return (
    <Checkbox
      size="small"
      checked={all}
      indeterminate={!all && selectedIds.length > 0}
      onChange={() => onSelect(all ? [] : ids)}
      slotProps={{ input: { 'aria-label': 'Select every member' } }}
    />
  );
}

/** The bulk actions over the table, once members are selected. */
function BulkBar() {
  const { selectedIds } = useListContext();
  if (selectedIds.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ px: 2, py: 1, alignItems: 'center', flexWrap: 'wrap' }} role="toolbar" aria-label="Selected members">
      <Typography variant="body2">{selectedIds.length} selected</Typography>
      <MarkPaidButton paid />
      <MarkPaidButton paid={false} />
    </Stack>
  );
}

/** The members of the chosen season with their paid status; select rows, then Mark paid / Mark unpaid. */
function PaymentsTable() {
  const { filterValues } = useListContext();
  const small = useIsSmall();
  if (!filterValues.football_season_id) return <Alert severity="info" sx={{ m: 2 }}>{ENTRY_FEE_TEXTS.select}</Alert>;
  return (
    <>
      <PotLine />
      <BulkBar />
      <DataTable rowClick="toggleSelection" bulkActionButtons={false} empty={<Alert severity="info" sx={{ m: 2 }}>{ENTRY_FEE_TEXTS.empty}</Alert>}>
        <DataTable.Col label={<SelectAll />} disableSort render={(row: EntryPayment) => <SelectCell row={row} />} />
        <DataTable.Col source="name" label="Member" sx={{ overflowWrap: 'anywhere' }} />
        {!small && <DataTable.Col source="email" label="E-mail" sx={{ wordBreak: 'break-all' }} />}
        <DataTable.Col source="paid" label="Status" render={(row: EntryPayment) => <PaidPill row={row} />} />
        {!small && <DataTable.Col source="paid_at" label="Paid on" render={(row: EntryPayment) => (row.paid_at ? dateTimeText(row.paid_at) : '')} />}
        {!small && <DataTable.Col source="marked_by" label="Marked by" disableSort render={(row: EntryPayment) => row.marked_by ?? ''} />}
      </DataTable>
    </>
  );
}

function SeasonPagination() {
  const { filterValues } = useListContext();
  return filterValues.football_season_id ? <Pagination /> : null;
}

/**
 * Entry Fees (docs/pool-formats.md#entry-fees-and-payouts): who paid the chosen season's entry, marked by the admin in
 * bulk; every change goes to the security log. Starts on the current season.
 */
export const EntryPaymentList = () => {
  const current = useCurrentSeasonWeek();
  if (current.isPending) return <LinearProgress aria-label="Loading" />;
  const defaults = current.data?.season ? { football_season_id: current.data.season.id } : {};
  return (
    <List
      title={ENTRY_FEE_TEXTS.title}
      filterDefaultValues={defaults}
      filters={filters}
      pagination={<SeasonPagination />}
      perPage={50}
      sort={{ field: 'name', order: 'ASC' }}
      actions={<TopToolbar />}
      empty={false}
      error={<LoadError resource="entry_payments" />}
      queryOptions={quietLoad}
    >
      <PaymentsTable />
    </List>
  );
};
