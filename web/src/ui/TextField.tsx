import type { InputHTMLAttributes } from 'react';
import { Field, inputClass } from './Field.tsx';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'aria-describedby' | 'aria-invalid'
> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The server's words about this field (fieldErrorsOf); linked to the input for assistive technology. */
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled one-line input with its hint and error: Field with the app's input look. */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  className = '',
  ...input
}: TextFieldProps) {
  return (
    <Field label={label} error={error} {...(hint ? { hint } : {})}>
      {(control) => (
        <input
          type="text"
          {...input}
          {...control}
          value={value}
          onChange={(event) => onValueChange(event.currentTarget.value)}
          className={`${inputClass} ${className}`.trim()}
        />
      )}
    </Field>
  );
}
