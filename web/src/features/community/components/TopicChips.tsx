import type { CommunityTopic } from '@uplift/contracts';
import { ChipGroup } from '../../../ui/ChipGroup.tsx';

/** Filters the feed by topic; "All" clears it. */
export function TopicChips({
  topics,
  value,
  onChange,
}: {
  topics: readonly CommunityTopic[];
  value: string | null;
  onChange: (topic: string | null) => void;
}) {
  const chips = [
    { value: null, label: 'All' },
    ...topics.map((topic) => ({ value: topic.id, label: topic.name })),
  ];
  return <ChipGroup label="Topics" chips={chips} value={value} onChange={onChange} />;
}
