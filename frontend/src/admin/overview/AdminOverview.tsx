import { Box, Button, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { Title, useGetList } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ThisWeekChecklist } from './ThisWeekChecklist';

/** The count cards of docs/product.md#screens, each linking to its screen. */
export const COUNT_CARDS = [
  { resource: 'users', label: 'Users', to: '/admin/users' },
  { resource: 'invitations', label: 'Invitations', to: '/invites' },
  { resource: 'games', label: 'Games', to: '/admin/games' },
  { resource: 'weeks', label: 'Weeks', to: '/admin/weeks' },
  { resource: 'picks', label: 'Picks', to: '/admin/picks' },
  { resource: 'conferences', label: 'Conferences', to: '/admin/conferences' },
  { resource: 'seasons', label: 'Seasons', to: '/admin/seasons' },
  { resource: 'teams', label: 'Teams', to: '/admin/teams' },
] as const;

const ACTION_CARDS = [
  { title: 'Weekly Results', to: '/admin/weekly-results', action: 'Calculate Results', text: 'Score a finished week once every game has a winner.' },
  { title: 'Weekly Notifications', to: '/admin/notifications', action: 'Send Notifications', text: "E-mail members the week's games." },
  { title: 'Season Results', to: '/admin/season-results', action: 'Season Standings', text: 'Recalculate and review the season table.' },
] as const;

const grid = { display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' } as const;

/** One count: the list's total (one record asked for); "Error" when the load fails. */
function CountCard({ resource, label, to }: (typeof COUNT_CARDS)[number]) {
  const { total, isPending, error } = useGetList(resource, { pagination: { page: 1, perPage: 1 } }, { retry: false });
  return (
    <Card variant="outlined">
      {/* The link is named by what it shows ("Users 12"): a label of its own would differ from the visible text. */}
      <CardActionArea component={RouterLink} to={to} aria-busy={isPending}>
        <CardContent sx={{ py: 1, px: 1.5, '&:last-child': { pb: 1 } }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h6" component="p" color={error ? 'error' : undefined}>
            {error ? 'Error' : isPending ? <Skeleton width={48} /> : total}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/**
 * The console's home: the chosen week's checklist first (what to do next, with the action beside each line), then the
 * spec's overview cards, compact.
 */
export function AdminOverview() {
  return (
    <Box>
      <Title title="Admin Overview" />
      <ThisWeekChecklist />
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        The pool
      </Typography>
      <Box sx={grid}>
        {COUNT_CARDS.map((card) => (
          <CountCard key={card.resource} {...card} />
        ))}
      </Box>
      <Box sx={{ ...grid, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', mt: 1 }}>
        {ACTION_CARDS.map((card) => (
          <Card key={card.to} variant="outlined">
            <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {card.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {card.text}
              </Typography>
              <Button component={RouterLink} to={card.to} variant="outlined" size="small">
                {card.action}
              </Button>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
