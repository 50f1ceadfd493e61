import { useQuery } from '@tanstack/react-query';
import { mentionLimits, mentionToken, type DirectoryMember } from '@uplift/contracts';
import {
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { membersQueryOptions } from '../api/getMembers.ts';

/** The "@name" being typed right before the caret, if any: what the suggestions are for. */
function typedMention(text: string, caret: number): { query: string; start: number } | null {
  const match = /(?:^|\s)@([^\s@[\]()]{1,40})$/.exec(text.slice(0, caret));
  if (!match?.[1]) return null;
  return { query: match[1], start: caret - match[1].length - 1 };
}

/**
 * A text area where typing "@" and a few letters suggests members to mention (decision 0095). The
 * WAI-ARIA combobox pattern on a multi-line field: the text area keeps its textbox role (HTML allows a
 * textarea no other, and axe holds to it) and carries the rest of the pattern: `aria-autocomplete`,
 * `aria-controls` naming the listbox, `aria-activedescendant` following the arrows; Enter or a tap picks,
 * Escape closes; a polite status says how many members are suggested. Picking writes the mention token,
 * which the server resolves to a link and a notification.
 */
export function MentionCombobox({
  label,
  value,
  onChange,
  maxLength,
  rows,
  placeholder,
  ref,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  maxLength: number;
  rows: number;
  placeholder?: string;
  /** The text area itself, for a composer that focuses it (a quote-reply). */
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const id = useId();
  const listId = `${id}-members`;
  const field = useRef<HTMLTextAreaElement>(null);
  // Mounted with the component, so the text area is there whenever the handle is read.
  useImperativeHandle(ref, () => field.current as HTMLTextAreaElement, []);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  // Escape closes the list for the "@name" it was open for; typing on asks again.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const nextCaret = useRef<number | null>(null);
  const typed = typedMention(value, caret);
  const open = typed !== null && dismissed !== `${typed.start}:${typed.query}`;
  const members = useQuery({
    ...membersQueryOptions({ q: typed?.query ?? '', pageSize: mentionLimits.suggestions }),
    enabled: open,
  });
  const options: DirectoryMember[] = open ? (members.data?.items ?? []) : [];
  const expanded = options.length > 0;
  const current = Math.min(active, Math.max(options.length - 1, 0));

  // The caret goes right after the mention just written, once React has put the new text in.
  useLayoutEffect(() => {
    if (nextCaret.current === null || !field.current) return;
    field.current.setSelectionRange(nextCaret.current, nextCaret.current);
    setCaret(nextCaret.current);
    nextCaret.current = null;
  }, [value]);

  const pick = (member: DirectoryMember) => {
    if (!typed) return;
    const token = `${mentionToken(member.id, member.name)} `;
    nextCaret.current = typed.start + token.length;
    onChange(value.slice(0, typed.start) + token + value.slice(caret));
    setActive(0);
    field.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!expanded || !typed) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if (event.key === 'Enter' && !event.shiftKey) {
      const member = options[current];
      if (!member) return;
      event.preventDefault();
      pick(member);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(`${typed.start}:${typed.query}`);
    }
  };

  const optionId = (index: number) => `${id}-member-${index}`;
  return (
    <div className="relative">
      <label className="block text-sm font-medium text-slate-900">
        {label}
        <textarea
          ref={field}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setCaret(event.target.selectionStart);
            setActive(0);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onBlur={() => setDismissed(typed ? `${typed.start}:${typed.query}` : null)}
          onFocus={() => setDismissed(null)}
          maxLength={maxLength}
          rows={rows}
          placeholder={placeholder}
          aria-autocomplete="list"
          aria-controls={listId}
          aria-activedescendant={expanded ? optionId(current) : undefined}
          className="mt-1 block w-full rounded-xl border border-slate-300 bg-white p-3 text-base placeholder:text-slate-600"
        />
      </label>
      <ul
        id={listId}
        role="listbox"
        aria-label="Members to mention"
        hidden={!expanded}
        className="absolute inset-x-0 z-20 mt-1 max-h-64 overflow-y-auto rounded-xl border border-slate-300 bg-white py-1 shadow-lg"
      >
        {options.map((member, index) => (
          <li
            key={member.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            // The pick happens before the text area loses focus, so the list is still there to pick from.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(member);
            }}
            className={`flex min-h-11 cursor-pointer items-center px-3 text-base text-ink ${
              index === current ? 'bg-slate-100 font-semibold' : ''
            }`}
          >
            {member.name}
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only">
        {expanded
          ? `${options.length} ${options.length === 1 ? 'member' : 'members'} to mention: arrows to choose, Enter to pick`
          : ''}
      </p>
    </div>
  );
}
