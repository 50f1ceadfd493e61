import { Bookmark, Compass, SlidersHorizontal, Zap, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Sheet } from '../Sheet.tsx';

interface ExtendedNavigationSheetProps {
  open: boolean;
  onClose: () => void;
  /** The tab that was long-pressed. */
  sectionId: string;
  /** The page the long press happened on. */
  pageId: string;
  /** How long the finger that opened it is ignored (SPEC §9 tap suppression after a long press). */
  ignorePointerMs?: number;
}

const futureItems: { title: string; summary: string; Icon: LucideIcon }[] = [
  { title: 'Quick actions', summary: 'Shortcuts for this section', Icon: Zap },
  { title: 'Recent and pinned items', summary: 'What you opened last or kept close', Icon: Bookmark },
  { title: 'Secondary destinations', summary: 'Deeper pages of this section', Icon: Compass },
  { title: 'Settings and filters', summary: 'Tune what this section shows', Icon: SlidersHorizontal },
];

/** SPEC §2: the sheet a long press on a tab opens. Its items are a preview of what is to come. */
export function ExtendedNavigationSheet({
  open,
  onClose,
  sectionId,
  pageId,
  ignorePointerMs,
}: ExtendedNavigationSheetProps) {
  const statementId = useId();
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title="Extended Navigation"
      describedBy={statementId}
      ignorePointerMs={ignorePointerMs}
      titleAside={
        <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-brand-800 uppercase">
          Preview
        </span>
      }
    >
      <p id={statementId} className="mt-1 text-sm text-slate-700">
        Long press detected on the <strong className="font-semibold text-slate-900">{sectionId}</strong>{' '}
        section.
      </p>

      <h3 className="mt-5 text-xs font-semibold tracking-wider text-slate-600 uppercase">Coming soon</h3>
      <ul className="mt-2 divide-y divide-slate-100 rounded-2xl border border-slate-200">
        {futureItems.map(({ title, summary, Icon }) => (
          <li key={title} className="flex items-center gap-3 px-4 py-3">
            <span className="rounded-xl bg-slate-100 p-2 text-slate-700">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span>
              <span className="block font-medium text-slate-900">{title}</span>
              <span className="block text-sm text-slate-600">{summary}</span>
            </span>
          </li>
        ))}
      </ul>

      <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-3 font-mono text-xs text-slate-700">
        <p className="font-sans font-semibold text-slate-800">Debug</p>
        <p>
          Page ID: <span className="text-slate-900">{pageId}</span>
        </p>
      </div>

      <button
        type="button"
        onClick={onClose}
        className="mt-5 min-h-12 w-full rounded-2xl bg-brand-600 px-4 font-semibold text-white shadow-sm transition-colors hover:bg-brand-700 active:bg-brand-800"
      >
        Close
      </button>
      <p className="mt-3 mb-1 text-center text-sm text-slate-600">Tap outside to close</p>
    </Sheet>
  );
}
