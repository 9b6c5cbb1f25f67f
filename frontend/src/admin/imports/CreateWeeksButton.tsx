import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { Button, Stack, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type Identifier, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { failureText } from '../../api/failure';
import type { AdminDataProvider, SeasonRecord } from '../dataProvider';
import { countOf, IMPORT_FAILURE, useProviders } from './importApi';
import { useAdminMutation } from '../common/useAdminMutation';

/** "Created 15 weeks (1 already there)". */
export const weeksCreatedText = (created: number, unchanged: number) =>
  `Created ${created} week${created === 1 ? '' : 's'}${unchanged > 0 ? ` (${unchanged} already there)` : ''}`;

/**
 * "Create weeks from calendar" on the season's edit dialog: the season's weeks from CFBD's calendar for its year;
 * weeks that exist are left alone. Off, with the reason, while CFBD has no key.
 */
export function CreateWeeksButton() {
  const season = useRecordContext<SeasonRecord>();
  const providers = useProviders();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const creating = useAdminMutation({
    mutationFn: (seasonId: Identifier) => dataProvider.importWeeks(seasonId),
    onSuccess: (result) => {
      notify(weeksCreatedText(countOf(result.created), countOf(result.unchanged)), { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['weeks'] });
      refresh();
    },
    onError: (failure) => notify(failureText(failure, 'Creating the weeks failed', IMPORT_FAILURE), { type: 'error' }),
  });
  if (!season) return null;
  const configured = providers.data?.find((one) => one.name === 'cfbd')?.configured ?? false;
  const run = () => creating.mutate(season.id);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Tooltip title={configured ? `The weeks of ${season.year} from CollegeFootballData's calendar` : ''}>
        <span>
          <Button size="small" startIcon={<EventRepeatIcon />} disabled={!configured || creating.isPending} onClick={run} aria-describedby={configured ? undefined : 'weeks-calendar-hint'}>
            Create weeks from calendar
          </Button>
        </span>
      </Tooltip>
      {!configured && !providers.isPending && (
        <Typography id="weeks-calendar-hint" variant="caption" color="text.secondary">
          Needs CFBD_API_KEY
        </Typography>
      )}
    </Stack>
  );
}
