import { Box, Button, Typography, useTheme } from '@mui/material';
import { lazy, type RefObject, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { SeasonProgress } from '../../api/types';
import { defaultRaceMembers, RACE_MEMBERS, raceData } from './seasonRace';

// The lines are drawn by the charting library (recharts, about 110 KiB gzipped): its own chunk, fetched only when
// the chart comes near the screen (docs/architecture.md, "Web app weight").
const SeasonRaceLines = lazy(() => import('./SeasonRaceLines'));

/** True once the element is within `margin` of the viewport (at once where IntersectionObserver is missing). */
function useNearViewport<T extends Element>(margin = '400px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ref.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: margin });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}

/** Line colours with at least 3:1 against the page in each mode (graphics, WCAG 1.4.11); the member's own is the brand's. */
const COLORS = ['#1d4ed8', '#b45309', '#be185d', '#6d28d9', '#0f766e', '#b91c1c', '#4d7c0f', '#a16207'];
const DARK_COLORS = ['#60a5fa', '#fbbf24', '#f472b6', '#c4b5fd', '#2dd4bf', '#f87171', '#a3e635', '#fde047'];

type Mode = 'top' | 'all' | 'custom';

/**
 * The season race as games behind the leader after each week (0 = leading, drawn at the top), so the chasing pack
 * spreads out instead of five nearly identical rising lines. It starts with the top five and the member's own line
 * (thick, in the brand colour); "Show all" draws everyone and "Choose members" picks any set. Its space (300 px) is
 * kept from the first paint, so nothing moves when the lines arrive.
 */
export default function SeasonRaceChart({ progress, meId }: { progress: SeasonProgress; meId?: number }) {
  const theme = useTheme();
  const all = useMemo(() => raceData(progress), [progress]);
  const [mode, setMode] = useState<Mode>('top');
  const [chosen, setChosen] = useState<Set<number>>(() => defaultRaceMembers(all.members, meId));
  const shown = mode === 'all' ? new Set(all.members.map((member) => member.user.id)) : mode === 'top' ? defaultRaceMembers(all.members, meId) : chosen;
  const { rows, visible } = raceData(progress, shown);
  const colors = theme.palette.mode === 'dark' ? DARK_COLORS : COLORS;
  const colorOf = new Map(all.members.map((member, index) => [member.user.id, colors[index % colors.length]]));
  const mine = theme.palette.primary.main;
  const [lines, near] = useNearViewport<HTMLDivElement>();

  if (rows.length === 0) return <Typography color="text.secondary">The race starts once the first week&apos;s results are calculated.</Typography>;
  const lastWeek = rows[rows.length - 1].week;
  const summary = visible.map((member) => `${member.user.name} ${member.behind[rows.length - 1]}`).join(', ');
  const toggle = (id: number) => {
    const next = new Set(mode === 'custom' ? chosen : shown);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
    setMode('custom');
  };

  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }} role="group" aria-label="Members in the chart">
        <Button size="small" variant={mode === 'top' ? 'contained' : 'outlined'} aria-pressed={mode === 'top'} onClick={() => setMode('top')}>
          Top {RACE_MEMBERS}
          {meId !== undefined ? ' + me' : ''}
        </Button>
        <Button size="small" variant={mode === 'all' ? 'contained' : 'outlined'} aria-pressed={mode === 'all'} onClick={() => setMode('all')}>
          Show all ({all.members.length})
        </Button>
      </Box>
      <Box ref={lines} role="img" aria-label={`Games behind the leader after ${lastWeek}: ${summary}`} sx={{ width: '100%', height: 300 }}>
        {near && (
          <Suspense fallback={null}>
            <SeasonRaceLines rows={rows} visible={visible} meId={meId} mine={mine} colorOf={colorOf} />
          </Suspense>
        )}
      </Box>
      <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        Games behind the season leader after each week (0 = leading). Your line is the thick one.
      </Typography>
      <Box component="details" sx={{ mt: 1, '& summary': { cursor: 'pointer', typography: 'body2', fontWeight: 600, minHeight: 24 } }}>
        <summary>Choose members ({visible.length} of {all.members.length} shown)</summary>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 180px), 1fr))', gap: 0.5 }}>
          {all.members.map((member) => {
            const own = member.user.id === meId;
            return (
              <Box component="li" key={member.user.id}>
                <Box component="label" sx={{ display: 'flex', alignItems: 'center', gap: 1, typography: 'body2', minHeight: 32, cursor: 'pointer' }}>
                  <input type="checkbox" checked={shown.has(member.user.id)} onChange={() => toggle(member.user.id)} />
                  <Box component="span" aria-hidden="true" sx={{ width: 14, height: own ? 4 : 2, bgcolor: own ? mine : colorOf.get(member.user.id), flex: '0 0 auto' }} />
                  <span>
                    {member.place}. {member.user.name}
                    {own ? ' (you)' : ''} · {member.behind[member.behind.length - 1] === 0 ? 'leading' : `${member.behind[member.behind.length - 1]} behind`}
                  </span>
                </Box>
              </Box>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
