import { useQuery } from '@tanstack/react-query';
import type { Recipient } from '@uplift/contracts';
import { useDeferredValue, useState } from 'react';
import { recipientsQueryOptions } from '../api/notifications.ts';

interface RecipientPickerProps {
  chosen: Recipient[];
  onChange: (chosen: Recipient[]) => void;
}

// max-w-full and break-all: a long name without spaces wraps inside the chip rather than widening the page.
const chip = 'inline-flex min-h-11 max-w-full items-center gap-1 rounded-full border px-3 text-sm break-all';

/** Search members by name or email and choose who gets the notification. */
export function RecipientPicker({ chosen, onChange }: RecipientPickerProps) {
  const [q, setQ] = useState('');
  const query = useDeferredValue(q.trim());
  const found = useQuery(recipientsQueryOptions(query));
  const chosenIds = new Set(chosen.map((member) => member.id));

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">Chosen members ({chosen.length})</legend>
      {chosen.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Chosen members">
          {chosen.map((member) => (
            <li key={member.id}>
              {/* eslint-disable-next-line no-restricted-syntax -- a chosen-member chip that removes itself, drawn as a brand pill */}
              <button
                type="button"
                onClick={() => onChange(chosen.filter((other) => other.id !== member.id))}
                className={`${chip} border-brand-700 bg-brand-50 text-brand-900`}
                aria-label={`Remove ${member.displayName}`}
              >
                {member.displayName} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="block text-sm">
        <span className="text-slate-800">Find members by name or email</span>
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3"
        />
      </label>
      {query && found.data && (
        <ul className="space-y-1" aria-label="Matching members">
          {found.data.items.length === 0 && <li className="text-sm text-slate-700">No member matches.</li>}
          {found.data.items
            .filter((member) => !chosenIds.has(member.id))
            .map((member) => (
              <li key={member.id}>
                {/* eslint-disable-next-line no-restricted-syntax -- a search result row: name and email on a full-width card, not an action button */}
                <button
                  type="button"
                  onClick={() => onChange([...chosen, member])}
                  className={`${chip} w-full flex-wrap justify-start gap-x-2 rounded-xl border-slate-300 py-1 text-left text-slate-900`}
                >
                  <span className="min-w-0 font-medium">{member.displayName}</span>
                  <span className="min-w-0 text-slate-700">{member.email}</span>
                </button>
              </li>
            ))}
        </ul>
      )}
    </fieldset>
  );
}
