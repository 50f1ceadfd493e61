import { Search } from 'lucide-react';
import { useId } from 'react';

interface SearchFieldProps {
  /** Its name for assistive technology; shown above the field unless `labelHidden`. */
  label: string;
  /** When the screen already says what is searched: the label is then read, not shown. */
  labelHidden?: boolean;
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
}

/**
 * The app's search box: a `search` input (a clear button and Enter from the phone's keyboard) with the
 * magnifier drawn inside, the whole box outlined on focus.
 */
export function SearchField({
  label,
  labelHidden = false,
  value,
  onValueChange,
  placeholder,
  maxLength,
}: SearchFieldProps) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelHidden ? 'sr-only' : 'block text-sm font-medium text-ink'}>
        {label}
      </label>
      <div className="flex min-h-touch items-center gap-2 rounded-control border border-line bg-surface px-3 focus-within:ring-2 focus-within:ring-accent">
        <Search aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
        <input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onValueChange(event.currentTarget.value)}
          placeholder={placeholder}
          maxLength={maxLength}
          className="min-h-touch w-full bg-transparent text-control text-ink outline-none placeholder:text-ink-muted"
        />
      </div>
    </div>
  );
}
