import { Box, Button, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { Title, useGetList } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

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

const grid = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))' } as const;

/** One count: the list's total (one record asked for); "Error" when the load fails. */
function CountCard({ resource, label, to }: (typeof COUNT_CARDS)[number]) {
  const { total, isPending, error } = useGetList(resource, { pagination: { page: 1, perPage: 1 } }, { retry: false });
  return (
    <Card variant="outlined">
      {/* The link is named by what it shows ("Users 12"): a label of its own would differ from the visible text. */}
      <CardActionArea component={RouterLink} to={to} aria-busy={isPending}>
        <CardContent>
          <Typography color="text.secondary" gutterBottom>
            {label}
          </Typography>
          <Typography variant="h4" component="p" color={error ? 'error' : undefined}>
            {error ? 'Error' : isPending ? <Skeleton width={48} /> : total}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export function AdminOverview() {
  return (
    <Box>
      <Title title="Admin Overview" />
      <Box sx={grid}>
        {COUNT_CARDS.map((card) => (
          <CountCard key={card.resource} {...card} />
        ))}
      </Box>
      <Box sx={{ ...grid, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', mt: 3 }}>
        {ACTION_CARDS.map((card) => (
          <Card key={card.to} variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2">
                {card.title}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {card.text}
              </Typography>
              <Button component={RouterLink} to={card.to} variant="contained">
                {card.action}
              </Button>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
