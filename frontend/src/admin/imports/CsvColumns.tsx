import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import { CSV_COLUMNS, CSV_EXAMPLE, CSV_KICKOFF_FORMS } from './importRules';

const code = { fontFamily: 'monospace', fontSize: '0.875rem' } as const;

/** What a week's CSV file holds (docs/imports.md#csv), folded away until asked for so the page stays short on a phone. */
export function CsvColumns({ timeZone }: { timeZone: string | null }) {
  const forms = CSV_KICKOFF_FORMS;
  return (
    <Accordion variant="outlined" disableGutters slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography sx={{ fontWeight: 600 }}>CSV columns</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Typography variant="body2">
          One line per game after a first line naming the columns, in any order. Only game_date, away_team and home_team are required; a column left
          out is blank.
        </Typography>
        <Box component="dl" sx={{ my: 1 }}>
          {CSV_COLUMNS.map((column) => (
            <Box key={column.name} sx={{ py: 0.5 }}>
              <Box component="dt" sx={{ ...code, fontWeight: 600 }}>
                {column.name}
                {column.required && (
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                    required
                  </Typography>
                )}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                <Typography variant="body2">{column.text}</Typography>
              </Box>
            </Box>
          ))}
        </Box>
        <Typography variant="subtitle2" component="h3">
          Kickoff dates
        </Typography>
        <Typography variant="body2">
          {forms.slice(0, -1).join(', ')}, or with its own zone {forms.at(-1)}. AM and PM in any case. Times without a zone are in{' '}
          {timeZone ?? "the pool's time zone"}. A date alone (12/31/2026) is a game whose time is not set yet: it counts from the start of that day.
        </Typography>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
          Example
        </Typography>
        <Box component="pre" sx={{ ...code, m: 0, p: 1, borderRadius: 1, bgcolor: 'action.hover', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {CSV_EXAMPLE.join('\n')}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
