import AddIcon from '@mui/icons-material/Add';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import LinkIcon from '@mui/icons-material/Link';
import { Alert, Autocomplete, Box, Button, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useAllTeams } from '../games/GameInputs';
import { useIsSmall } from '../common/listParts';
import type { TeamMapping, UnmatchedTeam } from './importTypes';

/** The classifications a created team may have (the API refuses others). */
type Classification = NonNullable<NonNullable<TeamMapping['create']>['classification']>;
const CLASSIFICATIONS: readonly string[] = ['fbs', 'fcs', 'ii', 'iii'] satisfies Classification[];
const classificationOf = (text: string | null): Classification | null => (text !== null && CLASSIFICATIONS.includes(text) ? (text as Classification) : null);

interface TeamOption {
  id: number;
  name: string;
  suggested: boolean;
}

/** The "Map to" choices: the server's suggestions first, then every team of the pool. */
function optionsFor(team: UnmatchedTeam, all: { id: number; name: string }[]): TeamOption[] {
  const suggested = team.suggestions.map((suggestion) => ({ id: suggestion.team_id, name: suggestion.name, suggested: true }));
  const ids = new Set(suggested.map((option) => option.id));
  return [...suggested, ...all.filter((one) => !ids.has(one.id)).map((one) => ({ id: one.id, name: one.name, suggested: false }))];
}

function UnmatchedRow({ team, teams, busy, onMap, small }: { team: UnmatchedTeam; teams: { id: number; name: string }[]; busy: boolean; onMap: (mappings: TeamMapping[]) => void; small: boolean }) {
  const [choice, setChoice] = useState<TeamOption | null>(null);
  const base = { external_id: team.external_id, external_name: team.name };
  const mapTo = (
    <Autocomplete<TeamOption>
      size="small"
      options={optionsFor(team, teams)}
      groupBy={(option) => (option.suggested ? 'Suggestions' : 'All teams')}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      value={choice}
      onChange={(_, value) => setChoice(value)}
      renderInput={(params) => <TextField {...params} label={`Map ${team.name} to`} />}
      sx={{ minWidth: 220 }}
    />
  );
  const actions = (
    <Stack direction="row" spacing={1}>
      <Button size="small" variant="outlined" startIcon={<LinkIcon />} disabled={!choice || busy} aria-label={`Map ${team.name}`} onClick={() => choice && onMap([{ ...base, team_id: choice.id }])}>
        Map
      </Button>
      <Button
        size="small"
        startIcon={<AddIcon />}
        disabled={busy}
        aria-label={`Create ${team.name}`}
        onClick={() => onMap([{ ...base, create: classificationOf(team.classification) ? { classification: classificationOf(team.classification) } : {} }])}
      >
        Create
      </Button>
    </Stack>
  );
  const about = `${team.conference ?? 'No conference'}${team.classification ? ` · ${team.classification.toUpperCase()}` : ''} · ${team.games} game${team.games === 1 ? '' : 's'}`;
  if (small) {
    return (
      <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}>
        <Typography sx={{ fontWeight: 600 }}>{team.name}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {about}
        </Typography>
        <Stack spacing={1}>
          {mapTo}
          {actions}
        </Stack>
      </Box>
    );
  }
  return (
    <TableRow>
      <TableCell>{team.name}</TableCell>
      <TableCell>{about}</TableCell>
      <TableCell>{mapTo}</TableCell>
      <TableCell align="right">{actions}</TableCell>
    </TableRow>
  );
}

/**
 * The provider's teams the pool does not know yet (docs/imports.md "Team matching"): map each to a team or create
 * it; "Create all as FCS teams" creates every one in a single call. Every mapping is remembered by the server and the
 * preview is asked again, so the games of these teams become selectable.
 */
export function UnmatchedTeams({ teams: unmatched, busy, onMap }: { teams: UnmatchedTeam[]; busy: boolean; onMap: (mappings: TeamMapping[]) => void }) {
  const teams = useAllTeams();
  const small = useIsSmall();
  const all = (teams.data ?? []).map((team) => ({ id: Number(team.id), name: team.name }));
  const createAll = () => onMap(unmatched.map((team) => ({ external_id: team.external_id, external_name: team.name, create: {} })));
  return (
    <Paper variant="outlined" component="section" aria-labelledby="unmatched-heading" sx={{ p: { xs: 1, sm: 2 }, my: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1 }}>
        <Typography id="unmatched-heading" variant="h6" component="h2">
          Unmatched teams ({unmatched.length})
        </Typography>
        <Button variant="contained" startIcon={<GroupAddIcon />} disabled={busy} onClick={createAll}>
          Create all as FCS teams
        </Button>
      </Stack>
      <Alert severity="warning" sx={{ mb: 1 }}>
        These teams are not in the pool yet, so their games cannot be ticked. Map each one to a team, or create it; the
        choice is remembered for the next import.
      </Alert>
      {small ? (
        <Box component="ul" aria-label="Unmatched teams" sx={{ p: 0, m: 0 }}>
          {unmatched.map((team) => (
            <UnmatchedRow key={team.external_id} team={team} teams={all} busy={busy} onMap={onMap} small />
          ))}
        </Box>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Unmatched teams">
            <TableHead>
              <TableRow>
                <TableCell>Provider's name</TableCell>
                <TableCell>Conference</TableCell>
                <TableCell>Map to</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {unmatched.map((team) => (
                <UnmatchedRow key={team.external_id} team={team} teams={all} busy={busy} onMap={onMap} small={false} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
