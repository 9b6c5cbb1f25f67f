import { Box, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import type { ProviderInfo, ProviderName } from './importTypes';

/** "Provider": the data providers to import from, those not set up greyed out with what they need. */
export function ProviderChoice({ providers, value, onChange }: { providers: ProviderInfo[]; value: ProviderName | null; onChange: (name: ProviderName) => void }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend">Provider</FormLabel>
      <RadioGroup row value={value ?? ''} onChange={(event) => onChange(event.target.value as ProviderName)}>
        {providers.map((provider) => (
          <FormControlLabel
            key={provider.name}
            value={provider.name}
            disabled={!provider.configured}
            control={<Radio />}
            label={provider.configured ? provider.label : `${provider.label} (Needs CFBD_API_KEY)`}
          />
        ))}
      </RadioGroup>
    </Box>
  );
}
