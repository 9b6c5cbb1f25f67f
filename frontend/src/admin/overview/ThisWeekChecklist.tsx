import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Alert, Box, Button, Paper, Skeleton, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Confirm, useDataProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { StatusPill } from '../../components/StatusPill';
import type { Tone } from '../../components/tones';
import { countsSeverity } from '../common/sendResult';
import { SeasonWeekPicker, useSeasonWeekSelection, useSeasons } from '../common/seasonWeek';
import { failureText } from '../../api/failure';
import { type AdminDataProvider, type SeasonRecord } from '../dataProvider';
import { entryPaymentsPath } from '../entryPayments';
import { remindAllQuestion, remindedText } from '../missingPicks/MissingPicksPage';
import { emailLine, feesLine, gamesLine, type LineState, type LineStatus, picksLine, resultsLine, scoringLine, STATE_LABELS } from './thisWeekLines';
import { useAdminMutation } from '../common/useAdminMutation';

const STATE_LOOK: Record<LineState, { tone: Tone; icon: ReactNode }> = {
  done: { tone: 'good', icon: <CheckCircleIcon aria-hidden /> },
  todo: { tone: 'neutral', icon: <RadioButtonUncheckedIcon aria-hidden /> },
  attention: { tone: 'warn', icon: <ErrorIcon aria-hidden /> },
};

/** One line's read: the shared query options (a line that fails says so and the others still show). */
const lineQuery = <T,>(kind: string, weekId: string, queryFn: () => Promise<T>, enabled = true) => ({
  queryKey: ['admin', 'this-week', kind, weekId],
  queryFn,
  enabled: !!weekId && enabled,
  retry: false,
});

/**
 * One line of the checklist: its name, its state in an icon and words (not colour alone), one sentence and one
 * action. While loading it shows a placeholder; a failed load says so in the line.
 */
function CheckLine({ title, status, error, loading, action, children }: { title: string; status?: LineStatus | null; error?: unknown; loading?: boolean; action: ReactNode; children?: ReactNode }) {
  const state: LineState | null = error ? 'attention' : (status?.state ?? null);
  return (
    <Box component="li" aria-label={title} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1.25, px: { xs: 1, sm: 2 }, '& + li': { borderTop: 1, borderColor: 'divider' } }}>
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="h3" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {state && (
            <StatusPill tone={STATE_LOOK[state].tone} icon={STATE_LOOK[state].icon}>
              {STATE_LABELS[state]}
            </StatusPill>
          )}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {error ? loadFailedText(error) : loading || !status ? <Skeleton width="70%" /> : status.text}
        </Typography>
        {children}
      </Box>
      <Box sx={{ flex: '0 0 auto' }}>{action}</Box>
    </Box>
  );
}

/** A failed line's sentence, with the server's reason when it gives one a person can read (a 4xx). */
function loadFailedText(error: unknown) {
  const why = failureText(error, '');
  return why ? `Could not load this line: ${why}` : 'Could not load this line.';
}

const LinkAction = ({ to, children }: { to: string; children: ReactNode }) => (
  <Button component={RouterLink} to={to} variant="outlined" size="small">
    {children}
  </Button>
);

const gamesListPath = (seasonId: string, weekId: string) =>
  `/admin/games?filter=${encodeURIComponent(JSON.stringify({ football_season_id: Number(seasonId), week_id: Number(weekId) }))}`;

/** Where a season's entry fee is kept: its edit dialog (the fee, the weekly prize and the payouts). */
/** The season's games per week (null: every game of the week); the spec's 10 until the season is known. */
const gamesPerWeekOf = (season?: SeasonRecord) => (season?.rules ? season.rules.games_per_week : 10);

function GamesLine({ season, seasonId, weekId }: { season?: SeasonRecord; seasonId: string; weekId: string }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const games = useQuery(lineQuery('games', weekId, () => dataProvider.weekGames(weekId)));
  const status = games.data ? gamesLine(games.data, gamesPerWeekOf(season)) : undefined;
  const empty = games.data?.length === 0;
  return (
    <CheckLine
      title="Games set"
      status={status}
      error={games.error}
      loading={games.isPending}
      action={
        empty ? (
          <LinkAction to={`/admin/import?season_id=${seasonId}&week_id=${weekId}`}>Import games</LinkAction>
        ) : (
          <LinkAction to={gamesListPath(seasonId, weekId)}>View games</LinkAction>
        )
      }
    />
  );
}

function EmailLine({ weekId }: { weekId: string }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const status = useQuery(lineQuery('email', weekId, () => dataProvider.notificationStatus(weekId)));
  return (
    <CheckLine
      title="Weekly e-mail"
      status={status.data ? emailLine(status.data) : undefined}
      error={status.error}
      loading={status.isPending}
      action={<LinkAction to="/admin/notifications">{status.data?.sends.length ? 'Notifications' : 'Send e-mail'}</LinkAction>}
    />
  );
}

function PicksLine({ season, weekId }: { season?: SeasonRecord; weekId: string }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const commissionerPlays = season?.rules?.commissioner_plays === true;
  const games = useQuery(lineQuery('games', weekId, () => dataProvider.weekGames(weekId)));
  const missing = useQuery(lineQuery('missing-picks', weekId, () => dataProvider.missingPicks(weekId)));
  const members = useQuery({
    queryKey: ['admin', 'this-week', 'members', commissionerPlays],
    queryFn: async () => (await dataProvider.countOfRole('user')) + (commissionerPlays ? await dataProvider.countOfRole('admin') : 0),
    retry: false,
  });
  const [asking, setAsking] = useState(false);
  const [feedback, setFeedback] = useState<{ severity: 'success' | 'warning' | 'error'; text: string } | null>(null);
  const error = games.error ?? missing.error ?? members.error;
  const status = games.data && missing.data && members.data !== undefined ? picksLine(missing.data, members.data, games.data) : undefined;
  const toRemind = missing.data?.length ?? 0;

  const reminding = useAdminMutation({
    mutationFn: (week: string) => dataProvider.remindMissingPicks(week),
    onSuccess: (result) => setFeedback({ severity: countsSeverity(result), text: remindedText(result) }),
    onError: (failure) => setFeedback({ severity: 'error', text: failureText(failure, 'Failed to send reminders') }),
    onSettled: (_result, _failure, week) => void queryClient.invalidateQueries({ queryKey: ['admin', 'this-week', 'missing-picks', week] }),
  });
  const busy = reminding.isPending;

  const remind = () => {
    setAsking(false);
    setFeedback(null);
    reminding.mutate(weekId);
  };

  return (
    <CheckLine
      title="Picks in"
      status={status}
      error={error}
      loading={games.isPending || missing.isPending || members.isPending}
      action={
        toRemind > 0 ? (
          <Button variant="contained" size="small" disabled={busy} onClick={() => setAsking(true)}>
            Remind
          </Button>
        ) : (
          <LinkAction to="/admin/missing-picks">Who hasn&apos;t picked</LinkAction>
        )
      }
    >
      {feedback && (
        <Alert severity={feedback.severity} sx={{ mt: 1 }}>
          {feedback.text}
        </Alert>
      )}
      <Confirm isOpen={asking} title="Send Reminder Now" content={remindAllQuestion(toRemind)} confirm="Send" onConfirm={remind} onClose={() => setAsking(false)} />
    </CheckLine>
  );
}

function ScoringLine({ seasonId, weekId }: { seasonId: string; weekId: string }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const games = useQuery(lineQuery('games', weekId, () => dataProvider.weekGames(weekId)));
  const sync = useQuery(lineQuery('score-sync', weekId, () => dataProvider.lastScoreSync(weekId)));
  return (
    <CheckLine
      title="Games to score"
      status={games.data && sync.data !== undefined ? scoringLine(games.data, sync.data, new Date()) : undefined}
      error={games.error ?? sync.error}
      loading={games.isPending || sync.isPending}
      action={<LinkAction to={gamesListPath(seasonId, weekId)}>Score games</LinkAction>}
    />
  );
}

function ResultsLine({ weekId }: { weekId: string }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const status = useQuery(lineQuery('results', weekId, () => dataProvider.resultsStatus(weekId)));
  return (
    <CheckLine
      title="Results"
      status={status.data ? resultsLine(status.data) : undefined}
      error={status.error}
      loading={status.isPending}
      action={<LinkAction to="/admin/weekly-results">Weekly Results</LinkAction>}
    />
  );
}

/** Entry fees: hidden when the season charges none (known only once the pot has loaded). */
function FeesLine({ seasonId }: { seasonId: string }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const pot = useQuery(lineQuery('pot', seasonId, () => dataProvider.seasonPot(seasonId)));
  const status = pot.data ? feesLine(pot.data) : undefined;
  if (status === null) return null;
  return <CheckLine title="Entry fees" status={status} error={pot.error} loading={pot.isPending} action={<LinkAction to={entryPaymentsPath(seasonId)}>Who paid</LinkAction>} />;
}

/**
 * "This week" (docs/admin-console.md#this-week): the chosen week's state as a checklist, each line with the action
 * beside it. Starts on the current season and week, as the console's other week screens do.
 */
export function ThisWeekChecklist() {
  const selection = useSeasonWeekSelection();
  const { seasonId, weekId, ready } = selection;
  const seasons = useSeasons();
  const season = seasons.data?.find((candidate) => String(candidate.id) === seasonId);
  return (
    <Box component="section" aria-labelledby="this-week-heading">
      <Typography id="this-week-heading" variant="h6" component="h2">
        This week
      </Typography>
      <SeasonWeekPicker selection={selection} />
      {ready && !weekId ? (
        <Alert severity="info">{seasonId ? 'Select a week.' : 'No current season: select a season and a week, or add one on Seasons.'}</Alert>
      ) : (
        <Paper variant="outlined" component="ul" aria-label="This week's checklist" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          <GamesLine season={season} seasonId={seasonId} weekId={weekId} />
          <EmailLine weekId={weekId} />
          <PicksLine season={season} weekId={weekId} />
          <ScoringLine seasonId={seasonId} weekId={weekId} />
          <ResultsLine weekId={weekId} />
          <FeesLine seasonId={seasonId} />
        </Paper>
      )}
    </Box>
  );
}
