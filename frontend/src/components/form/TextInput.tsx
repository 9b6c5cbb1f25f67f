import { Box } from '@mui/material';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { fieldSx, helperSx, labelSx } from './fieldStyles';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
}

/** A labelled text field: the label tied to the input, the helper text describing it, errors announced. */
export function TextInput({ label, helperText, error, id, required, ...input }: TextInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  return (
    <Box>
      <Box component="label" htmlFor={inputId} sx={labelSx(error)}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </Box>
      <Box
        component="input"
        id={inputId}
        required={required}
        aria-invalid={error || undefined}
        aria-describedby={[helperId, input['aria-describedby']].filter(Boolean).join(' ') || undefined}
        {...input}
        sx={fieldSx(error)}
      />
      {helperText && (
        <Box component="p" id={helperId} sx={helperSx(error)}>
          {helperText}
        </Box>
      )}
    </Box>
  );
}
