import { Box, Button, Typography, useTheme } from '@mui/material';
import { styled } from '@mui/material/styles';
import { lazy, type RefObject, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { SeasonProgress } from '../../api/types';
import { defaultRaceMembers, RACE_MEMBERS, raceData } from './seasonRace';

// The lines are drawn by the charting library (recharts, about 110 KiB gzipped): its own chunk, fetched only when
// the chart comes near the screen (docs/architecture.md, "Web app weight").
const SeasonRaceLines = lazy(() => import('./SeasonRaceLines'));

/**
 * True once the element is on the screen, or within `margin` of it after the member has scrolled (at once where
 * IntersectionObserver is missing). A page that merely opens with the chart just below the screen does not fetch and
 * run the charting library while its first screenful is still settling; the first scroll towards it does.
 */
function useNearViewport<T extends Element>(margin = '400px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ref.current) return;
    let within = false;
    let scrolled = window.scrollY > 0;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        within = entry.isIntersecting;
        if (within && (scrolled || entry.boundingClientRect.top < window.innerHeight)) setNear(true);
      },
      { rootMargin: margin },
    );
    const onScroll = () => {
      scrolled = true;
      if (within) setNear(true);
    };
    observer.observe(ref.current);
    window.addEventListener('scroll', onScroll, { passive: true, once: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, [near, margin]);
  return [ref, near];
}

/** Line colours with at least 3:1 against the page in each mode (graphics, WCAG 1.4.11); the member's own is the brand's. */
const COLORS = ['#1d4ed8', '#b45309', '#be185d', '#6d28d9', '#0f766e', '#b91c1c', '#4d7c0f', '#a16207'];
const DARK_COLORS = ['#60a5fa', '#fbbf24', '#f472b6', '#c4b5fd', '#2dd4bf', '#f87171', '#a3e635', '#fde047'];

type Mode = 'top' | 'all' | 'custom';

/**
 * The "Choose members" list: plain elements styled once for the list, not an emotion-styled Box per member (each
 * costs a style pass in the page's render). The swatch's colour is the member's line's.
 */
const MemberList = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  marginTop: theme.spacing(1),
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 180px), 1fr))',
  gap: theme.spacing(0.5),
  '& label': { display: 'flex', alignItems: 'center', gap: theme.spacing(1), ...theme.typography.body2, minHeight: 32, cursor: 'pointer' },
  '& .swatch': { width: 14, height: 2, flex: '0 0 auto' },
  '& .swatch.own': { height: 4 },
}));

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
        <MemberList>
          {all.members.map((member) => {
            const own = member.user.id === meId;
            return (
              <li key={member.user.id}>
                <label>
                  <input type="checkbox" checked={shown.has(member.user.id)} onChange={() => toggle(member.user.id)} />
                  <span aria-hidden="true" className={own ? 'swatch own' : 'swatch'} style={{ backgroundColor: own ? mine : colorOf.get(member.user.id) }} />
                  <span>
                    {member.place}. {member.user.name}
                    {own ? ' (you)' : ''} · {member.behind[member.behind.length - 1] === 0 ? 'leading' : `${member.behind[member.behind.length - 1]} behind`}
                  </span>
                </label>
              </li>
            );
          })}
        </MemberList>
      </Box>
    </Box>
  );
}
