import { type CSSProperties, type ReactNode, useId } from 'react';
import { fieldClass, labelClass } from './fieldStyles';

export interface SelectInputProps {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  children: ReactNode;
  disabled?: boolean;
  name?: string;
  /** Of the wrapper (label and select), e.g. how it shares a row. */
  style?: CSSProperties;
}

/** A labelled native select: the phone's own picker and the keyboard's, with nothing to download. */
export function SelectInput({ label, value, onChange, children, disabled, name, style }: SelectInputProps) {
  const id = useId();
  return (
    <div style={style}>
      <label htmlFor={id} className={labelClass()}>
        {label}
      </label>
      <select id={id} name={name} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)} className={fieldClass()}>
        {children}
      </select>
    </div>
  );
}
