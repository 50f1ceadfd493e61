import { useId, type ChangeEvent, type InputHTMLAttributes } from 'react';

interface TextFieldProps {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The server's words about this field; linked to the input for assistive technology. */
  error?: string;
  hint?: string;
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'name'>;
}

export function TextField({
  name,
  label,
  type,
  autoComplete,
  value,
  onValueChange,
  error,
  hint,
  inputProps,
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium text-slate-900">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      <input
        {...inputProps}
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        // 16 px text stops iOS from zooming into the field on focus.
        className={`block min-h-11 w-full rounded-xl border bg-white px-3 text-base text-slate-900 shadow-sm focus:border-brand-600 ${
          error ? 'border-red-600' : 'border-slate-400'
        }`}
      />
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
