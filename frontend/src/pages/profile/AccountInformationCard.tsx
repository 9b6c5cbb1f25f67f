import { Box, Typography } from '@mui/material';
import type { Profile } from '../../api/types';
import { ProfileCard } from './ProfileCard';

/** The account as the pool knows it, read-only: e-mail, display name, account type and favorite team. */
export function AccountInformationCard({ profile }: { profile: Profile }) {
  const rows: [string, string][] = [
    ['Email', profile.email],
    ['Display Name', profile.name],
    ['Account Type', profile.role === 'admin' ? 'Admin' : 'Member'],
    ...(profile.favorite_team ? [['Favorite Team', profile.favorite_team.name] as [string, string]] : []),
  ];
  return (
    <ProfileCard id="account-information" title="Account Information">
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
        {rows.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </ProfileCard>
  );
}
