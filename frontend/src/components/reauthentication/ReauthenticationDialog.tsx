import { Box, Dialog, DialogTitle, Link } from '@mui/material';
import { useEffect, useState } from 'react';
import type { ReauthenticationMethod } from './methods';
import { REAUTHENTICATION_METHODS } from './methodList';
import { REAUTHENTICATION_TEXTS } from './texts';

/** The methods this member can use now, in the list's order (the password always). */
async function usable(methods: ReauthenticationMethod[]): Promise<ReauthenticationMethod[]> {
  const checks = await Promise.all(methods.map(async (method) => !method.available || (await Promise.resolve(method.available()).catch(() => false))));
  return methods.filter((_method, index) => checks[index]);
}

/**
 * "Confirm it's you": asks for a proof of identity before a refused sensitive change is sent again. Its own chunk
 * (ReauthenticationHost.tsx loads it at the first refusal), so no page carries MUI's Dialog for it.
 */
export default function ReauthenticationDialog({ open, onDone }: { open: boolean; onDone: (confirmed: boolean) => void }) {
  const [methods, setMethods] = useState<ReauthenticationMethod[]>(() => REAUTHENTICATION_METHODS.filter((method) => !method.available));
  const [chosen, setChosen] = useState(0);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setChosen(0);
    // Only a method that may not be usable is asked (the password always is).
    if (REAUTHENTICATION_METHODS.some((method) => method.available)) void usable(REAUTHENTICATION_METHODS).then((found) => current && setMethods(found));
    return () => {
      current = false;
    };
  }, [open]);

  const method = methods[chosen] ?? methods[0];
  const others = methods.filter((other) => other !== method);
  return (
    <Dialog open={open} onClose={() => onDone(false)} aria-labelledby="reauthentication-title" aria-describedby="reauthentication-text" fullWidth maxWidth="xs">
      <DialogTitle id="reauthentication-title">{REAUTHENTICATION_TEXTS.title}</DialogTitle>
      {method && <method.Form key={method.id} onConfirmed={() => onDone(true)} onCancel={() => onDone(false)} />}
      {others.length > 0 && (
        <Box sx={{ px: 3, pb: 2, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {others.map((other) => (
            <Link key={other.id} component="button" type="button" onClick={() => setChosen(methods.indexOf(other))}>
              {other.label}
            </Link>
          ))}
        </Box>
      )}
    </Dialog>
  );
}
