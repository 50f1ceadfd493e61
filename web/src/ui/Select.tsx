import type { SelectHTMLAttributes } from 'react';
import { Field, inputClass } from './Field.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'value' | 'onChange' | 'aria-describedby' | 'aria-invalid'
> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled native select (the phone's own picker) with the app's input look. */
export function Select({
  label,
  value,
  onValueChange,
  options,
  error,
  hint,
  className = '',
  ...select
}: SelectProps) {
  return (
    <Field label={label} error={error} {...(hint ? { hint } : {})}>
      {(control) => (
        <select
          {...select}
          {...control}
          value={value}
          onChange={(event) => onValueChange(event.currentTarget.value)}
          className={`${inputClass} ${className}`.trim()}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
