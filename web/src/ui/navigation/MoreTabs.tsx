import { useEffect, useRef, type MouseEvent } from 'react';
import type { NavigationItem, TabId } from '../../lib/navigation/tabs.ts';
import { AppIcon } from '../icons.tsx';

interface MoreTabsProps {
  id: string;
  /** The tabs the bar had no room for. */
  tabs: readonly NavigationItem[];
  activeId: TabId;
  routeTabId: TabId | null;
  hrefFor: (id: TabId) => string;
  onChoose: (id: TabId) => void;
  onClose: () => void;
}

/**
 * The tabs folded behind "More", as a disclosure of links above the bar (the navigation disclosure
 * pattern: links, not a menu, so screen readers read them as the places they are). Escape or a press
 * outside closes it and gives focus back to "More".
 */
export function MoreTabs({ id, tabs, activeId, routeTabId, hrefFor, onChoose, onClose }: MoreTabsProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const list = listRef.current;
    const opener = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(id)}"]`);
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      onCloseRef.current();
      opener?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (!list?.contains(target) && !opener?.contains(target)) onCloseRef.current();
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [id]);

  function onClick(event: MouseEvent<HTMLAnchorElement>, tabId: TabId) {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onChoose(tabId);
  }

  return (
    <ul
      ref={listRef}
      id={id}
      className="absolute right-0 bottom-full mb-3 min-w-48 rounded-2xl bg-white p-1.5 shadow-[0_10px_30px_-6px_rgba(15,23,42,0.28)] ring-1 ring-slate-900/8"
    >
      {tabs.map((tab) => {
        const active = tab.id === activeId;
        return (
          <li key={tab.id}>
            <a
              href={hrefFor(tab.id)}
              aria-current={active ? (routeTabId === tab.id ? 'page' : 'true') : undefined}
              onClick={(event) => onClick(event, tab.id)}
              className={`flex min-h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium ${
                active ? 'bg-brand-50 text-brand-700' : 'text-slate-800 hover:bg-slate-100'
              }`}
            >
              <AppIcon name={tab.icon} className="size-5" />
              {tab.name}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
