import { Box, Typography, useTheme } from '@mui/material';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SeasonProgress } from '../../api/types';
import { raceData } from './seasonRace';

const COLORS = ['#166534', '#b45309', '#1d4ed8', '#be185d', '#6d28d9'];
const DARK_COLORS = ['#4ade80', '#fbbf24', '#60a5fa', '#f472b6', '#c4b5fd'];

/** The season race: cumulative wins by week for the leading members (its own chunk, with the charting library). */
export default function SeasonRaceChart({ progress }: { progress: SeasonProgress }) {
  const theme = useTheme();
  const { rows, leaders } = raceData(progress);
  const colors = theme.palette.mode === 'dark' ? DARK_COLORS : COLORS;
  if (rows.length === 0) return <Typography color="text.secondary">The race starts once the first week&apos;s results are calculated.</Typography>;
  const summary = leaders.map((member) => `${member.user.name} ${member.cumulative_wins[rows.length - 1] ?? 0}`).join(', ');
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box role="img" aria-label={`Cumulative wins after ${rows[rows.length - 1].week}: ${summary}`} sx={{ width: '100%', height: 300 }}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
            <XAxis dataKey="week" tick={{ fill: theme.palette.text.secondary, fontSize: 12 }} />
            <YAxis allowDecimals={false} tick={{ fill: theme.palette.text.secondary, fontSize: 12 }} />
            <Tooltip contentStyle={{ background: theme.palette.background.paper, color: theme.palette.text.primary }} />
            <Legend />
            {leaders.map((member, index) => (
              <Line key={member.user.id} type="monotone" dataKey={`m${member.user.id}`} name={member.user.name} stroke={colors[index % colors.length]} strokeWidth={2} dot={false} isAnimationActive={false} />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </Box>
      <Typography component="figcaption" variant="body2" color="text.secondary">
        Cumulative wins by week for the top {leaders.length} members
      </Typography>
    </Box>
  );
}
