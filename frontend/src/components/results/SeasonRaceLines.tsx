import { useTheme } from '@mui/material';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { raceData, RaceMember } from './seasonRace';

/** The season race's lines (SeasonRaceChart), drawn with recharts: a chunk of its own, loaded near the screen. */
export default function SeasonRaceLines({
  rows,
  visible,
  meId,
  mine,
  colorOf,
}: {
  rows: ReturnType<typeof raceData>['rows'];
  visible: RaceMember[];
  meId?: number;
  mine: string;
  colorOf: Map<number, string>;
}) {
  const theme = useTheme();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: -8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
        <XAxis dataKey="week" tick={{ fill: theme.palette.text.secondary, fontSize: 12 }} />
        <YAxis
          reversed
          allowDecimals={false}
          width={48}
          tick={{ fill: theme.palette.text.secondary, fontSize: 12 }}
          label={{ value: 'Games behind', angle: -90, position: 'insideLeft', offset: 16, fill: theme.palette.text.secondary, fontSize: 12 }}
        />
        <Tooltip
          contentStyle={{ background: theme.palette.background.paper, color: theme.palette.text.primary, borderColor: theme.palette.divider }}
          itemSorter={(item) => Number(item.value)}
          formatter={(value) => (Number(value) === 0 ? 'leading' : `${value} behind`)}
        />
        {visible.length <= 8 && <Legend />}
        {visible.map((member) => {
          const own = member.user.id === meId;
          return (
            <Line
              key={member.user.id}
              type="linear"
              dataKey={`m${member.user.id}`}
              name={own ? `${member.user.name} (you)` : member.user.name}
              stroke={own ? mine : colorOf.get(member.user.id)}
              strokeWidth={own ? 4 : 1.75}
              strokeOpacity={own || visible.length <= 8 ? 1 : 0.6}
              dot={own ? { r: 3 } : false}
              isAnimationActive={false}
            />
          );
        })}
      </LineChart>
    </ResponsiveContainer>
  );
}
