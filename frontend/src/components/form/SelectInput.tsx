import { Box, type SxProps, type Theme } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { fieldSx, labelSx } from './fieldStyles';

export interface SelectInputProps {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  children: ReactNode;
  disabled?: boolean;
  name?: string;
  /** Of the wrapper (label and select), e.g. how it shares a row. */
  sx?: SxProps<Theme>;
}

/** A labelled native select: the phone's own picker and the keyboard's, with nothing to download. */
export function SelectInput({ label, value, onChange, children, disabled, name, sx }: SelectInputProps) {
  const id = useId();
  return (
    <Box sx={sx}>
      <Box component="label" htmlFor={id} sx={labelSx()}>
        {label}
      </Box>
      <Box component="select" id={id} name={name} value={value} disabled={disabled} onChange={(event) => onChange((event.target as HTMLSelectElement).value)} sx={fieldSx()}>
        {children}
      </Box>
    </Box>
  );
}
