import { partnerCategories, partnerCategoryLabels, type PartnerCategory } from '@uplift/contracts';

const chipClass =
  'min-h-11 shrink-0 rounded-full border border-slate-300 bg-white px-4 font-medium text-slate-900 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white';

/** One category at a time, or all: toggle buttons, so a screen reader says which one is on. */
export function CategoryChips({
  value,
  onChange,
}: {
  value: PartnerCategory | null;
  onChange: (category: PartnerCategory | null) => void;
}) {
  return (
    <div role="group" aria-label="Category" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
      <button
        type="button"
        aria-pressed={value === null}
        onClick={() => onChange(null)}
        className={chipClass}
      >
        All
      </button>
      {partnerCategories.map((category) => (
        <button
          key={category}
          type="button"
          aria-pressed={value === category}
          onClick={() => onChange(value === category ? null : category)}
          className={chipClass}
        >
          {partnerCategoryLabels[category]}
        </button>
      ))}
    </div>
  );
}
