interface ToggleProps {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** A switch with its label as its name, 44 px tall. */
export function Toggle({ label, checked, disabled, onChange }: ToggleProps) {
  return (
    <label className="flex min-h-11 items-center justify-between gap-3">
      <span className="text-slate-900">{label}</span>
      <input
        type="checkbox"
        role="switch"
        className="size-6 shrink-0 accent-brand-600"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
    </label>
  );
}
