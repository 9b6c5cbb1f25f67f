import { Box, LinearProgress, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import type { estimateStrength } from './passwordStrength';

export const STRENGTH_LABELS = ['Too weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;
const COLORS = ['error', 'error', 'warning', 'success', 'success'] as const;

type Estimate = typeof estimateStrength;
let loading: Promise<Estimate> | undefined;

/** The estimator's code and dictionaries, fetched once, the first time a new password is typed. */
function loadEstimator(): Promise<Estimate> {
  loading ??= import('./passwordStrength').then((module) => module.estimateStrength);
  loading.catch(() => (loading = undefined));
  return loading;
}

/**
 * How hard a new password would be to guess (zxcvbn-ts): a bar, its label and zxcvbn's warning, announced politely
 * as they change. Nothing shows, and nothing is downloaded, until the field has text. `userInputs` (name, e-mail)
 * count as guessable.
 */
export function PasswordStrengthMeter({ password, userInputs = [] }: { password: string; userInputs?: string[] }) {
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const wanted = password !== '';

  useEffect(() => {
    if (!wanted || estimate) return;
    let active = true;
    // A failed download leaves the field as it was: the meter is advice, the server decides.
    loadEstimator().then(
      (loaded) => active && setEstimate(() => loaded),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [wanted, estimate]);

  const inputs = userInputs.join('\n');
  const strength = useMemo(() => (estimate && wanted ? estimate(password, inputs ? inputs.split('\n') : []) : null), [estimate, wanted, password, inputs]);

  return (
    <Box aria-live="polite" data-testid="password-strength">
      {strength && (
        <>
          <LinearProgress
            variant="determinate"
            value={(strength.score + 1) * 20}
            color={COLORS[strength.score]}
            aria-label="Strength"
            aria-valuetext={STRENGTH_LABELS[strength.score]}
            sx={{ height: 6, borderRadius: 3 }}
          />
          <Typography variant="caption" component="p">
            Strength: {STRENGTH_LABELS[strength.score]}
          </Typography>
          {strength.warning && (
            <Typography variant="caption" component="p" color="text.secondary">
              {strength.warning}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
