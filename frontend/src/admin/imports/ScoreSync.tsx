import SyncIcon from '@mui/icons-material/Sync';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type Identifier, useDataProvider, useRefresh } from 'react-admin';
import { failureText } from '../../api/failure';
import { dateTimeText } from '../../format';
import { useIsSmall } from '../common/listParts';
import type { AdminDataProvider } from '../dataProvider';
import { IMPORT_FAILURE } from './importApi';
import type { FieldChange, ScoreSyncReport } from './importTypes';
import { useAdminMutation } from '../common/useAdminMutation';

const STATUS_WORDS: Record<string, string> = { completed: 'final', in_progress: 'in progress', scheduled: 'scheduled', cancelled: 'cancelled', postponed: 'postponed' };

/** "24–21 final" (away–home, as the matchup reads), "7–3 in progress"; other fields as "field from → to". */
export function syncChangeText(changes: FieldChange[]): string {
  const to = (field: string) => changes.find((change) => change.field === field)?.to;
  const parts: string[] = [];
  const [away, home] = [to('away_score'), to('home_score')];
  if (away !== undefined || home !== undefined) parts.push(`${away ?? '–'}–${home ?? '–'}`);
  const status = to('status');
  if (status !== undefined) parts.push(STATUS_WORDS[String(status)] ?? String(status));
  for (const change of changes) {
    if (['away_score', 'home_score', 'status'].includes(change.field)) continue;
    if (change.field === 'winner_team_id' || change.field === 'winner_team') continue;
    parts.push(`${change.field.replace(/_/g, ' ')} ${String(change.from ?? 'none')} → ${String(change.to ?? 'none')}`);
  }
  return parts.join(' ');
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2, fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </>
  );
}

export function SyncReport({ report }: { report: ScoreSyncReport }) {
  return (
    <>
      <Typography color="text.secondary">
        From {report.provider} at {dateTimeText(report.ran_at)}: {report.changes.length} game{report.changes.length === 1 ? '' : 's'} updated, {report.unchanged} unchanged.
      </Typography>
      <Section title="Changes">
        {report.changes.length === 0 ? (
          <Typography variant="body2">Nothing new from the provider.</Typography>
        ) : (
          <List dense aria-label="Changes">
            {report.changes.map((change) => (
              <ListItem key={change.game_id} disableGutters>
                <ListItemText primary={`${change.game}: ${syncChangeText(change.changes)}`} />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      {report.flagged.length > 0 && (
        <Section title="Flagged for you">
          <List dense aria-label="Flagged games">
            {report.flagged.map((flag) => (
              <ListItem key={flag.game_id} disableGutters>
                <ListItemText primary={flag.game} secondary={flag.flag} />
              </ListItem>
            ))}
          </List>
        </Section>
      )}
      {report.unmatched.length > 0 && (
        <Section title="Not found in the pool">
          <List dense aria-label="Unmatched games">
            {report.unmatched.map((game) => (
              <ListItem key={game.external_id} disableGutters>
                <ListItemText primary={`${game.away} at ${game.home}`} />
              </ListItem>
            ))}
          </List>
        </Section>
      )}
      <Alert severity={report.results_calculated ? 'success' : 'info'} sx={{ mt: 2 }}>
        {report.results_calculated ? "The week's results were calculated." : "The week's results are not calculated yet: some games have no winner."}
      </Alert>
    </>
  );
}

/**
 * "Sync scores now" (docs/imports.md "Score sync"): asks the provider for the week's finals now and shows what the
 * sync wrote, what it flagged for the admin and whether the week's results were calculated.
 */
export function SyncScoresButton({ weekId, onSynced }: { weekId: Identifier | null | undefined; onSynced?: () => void }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const small = useIsSmall();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AdminDataProvider>();
  // Each sync is a new mutation: the last one's report or failure is gone once the next one starts.
  const syncing = useAdminMutation({
    mutationFn: (id: Identifier) => dataProvider.syncScores(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      refresh();
      onSynced?.();
    },
  });
  const sync = () => {
    if (!weekId) return;
    setOpen(true);
    syncing.mutate(weekId);
  };
  return (
    <>
      <Button variant="outlined" startIcon={<SyncIcon />} disabled={!weekId || syncing.isPending} onClick={sync}>
        Sync scores now
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" fullScreen={small} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Score sync</DialogTitle>
        <DialogContent dividers>
          {syncing.isPending && <LinearProgress aria-label="Syncing" />}
          {syncing.isError && (
            <Alert severity="error" role="alert">
              {failureText(syncing.error, 'Score sync failed', IMPORT_FAILURE)}
            </Alert>
          )}
          {syncing.data && <SyncReport report={syncing.data} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
