import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { IconButton, Tooltip } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { AdminDataProvider, SeasonRecord } from '../dataProvider';

/** docs/product.md#screens: a star makes a season current; the current season's star is filled. */
export function MakeCurrentButton() {
  const season = useRecordContext<SeasonRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const { mutate, isPending } = useMutation({
    mutationFn: (id: SeasonRecord['id']) => dataProvider.makeCurrentSeason(id),
    onSuccess: (updated) => {
      notify(`${updated.name} is now the current season`, { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'current-season-week'] });
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  if (!season) return null;
  if (season.is_current) {
    return (
      <Tooltip title="Current season">
        <span>
          <IconButton aria-label={`${season.name} is the current season`} disabled>
            <StarIcon sx={{ color: 'warning.main' }} />
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Tooltip title="Make current season">
      <IconButton aria-label={`Make ${season.name} the current season`} onClick={() => mutate(season.id)} disabled={isPending}>
        <StarBorderIcon />
      </IconButton>
    </Tooltip>
  );
}
