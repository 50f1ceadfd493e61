export interface Chip<Value> {
  value: Value;
  label: string;
}

interface ChipGroupProps<Value> {
  /** The group's name ("Category", "Topics"): what a screen reader says on entering it. */
  label: string;
  chips: readonly Chip<Value>[];
  /** The chip that is on. */
  value: Value;
  onChange: (value: Value) => void;
  /** One scrolling row (a phone's filter bar) instead of wrapping lines. */
  scroll?: boolean;
}

const chipClass =
  'inline-flex min-h-touch shrink-0 items-center rounded-full border border-line bg-surface px-4 text-sm font-medium text-ink aria-pressed:border-accent aria-pressed:bg-accent aria-pressed:text-on-accent';

/**
 * One choice among a few, as toggle buttons: each says whether it is on (aria-pressed), each is reached with
 * Tab and pressed with Enter or Space, as a button is.
 */
export function ChipGroup<Value>({ label, chips, value, onChange, scroll = false }: ChipGroupProps<Value>) {
  return (
    <div
      role="group"
      aria-label={label}
      className={scroll ? '-mx-4 flex gap-2 overflow-x-auto px-4 pb-1' : 'flex flex-wrap gap-1.5'}
    >
      {chips.map((chip) => (
        <button
          key={String(chip.value)}
          type="button"
          aria-pressed={chip.value === value}
          onClick={() => onChange(chip.value)}
          className={chipClass}
        >
          {chip.label}
        </button>
      ))}
    </div>
  );
}
