import type { CommunityTopic } from '@uplift/contracts';

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
  const chips = [{ id: null, name: 'All' }, ...topics.map((topic) => ({ id: topic.id, name: topic.name }))];
  return (
    <ul aria-label="Topics" className="flex flex-wrap gap-1.5">
      {chips.map((chip) => (
        <li key={chip.id ?? 'all'}>
          <button
            type="button"
            aria-pressed={value === chip.id}
            onClick={() => onChange(chip.id)}
            className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
          >
            {chip.name}
          </button>
        </li>
      ))}
    </ul>
  );
}
