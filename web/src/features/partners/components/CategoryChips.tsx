import { partnerCategories, partnerCategoryLabels, type PartnerCategory } from '@uplift/contracts';
import { ChipGroup } from '../../../ui/ChipGroup.tsx';

const chips = [
  { value: null, label: 'All' },
  ...partnerCategories.map((category) => ({ value: category, label: partnerCategoryLabels[category] })),
];

/** One category at a time, or all: pressing the one that is on again shows all. */
export function CategoryChips({
  value,
  onChange,
}: {
  value: PartnerCategory | null;
  onChange: (category: PartnerCategory | null) => void;
}) {
  return (
    <ChipGroup
      label="Category"
      chips={chips}
      value={value}
      onChange={(category) => onChange(category === value ? null : category)}
      scroll
    />
  );
}
