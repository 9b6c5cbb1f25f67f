import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { fieldClass, helperClass, labelClass } from './fieldStyles';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
}

/** A labelled text field: the label tied to the input, the helper text describing it, errors announced. */
export function TextInput({ label, helperText, error, id, required, className, ...input }: TextInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  return (
    <div>
      <label htmlFor={inputId} className={labelClass(error)}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={inputId}
        required={required}
        aria-invalid={error || undefined}
        aria-describedby={[helperId, input['aria-describedby']].filter(Boolean).join(' ') || undefined}
        {...input}
        className={`${fieldClass(error)}${className ? ` ${className}` : ''}`}
      />
      {helperText && (
        <p id={helperId} className={helperClass(error)}>
          {helperText}
        </p>
      )}
    </div>
  );
}
