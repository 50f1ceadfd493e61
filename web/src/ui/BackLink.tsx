import { Link, useLocation } from 'react-router';

/** Where a page was opened from: a path and how to say it ("your results"). */
export interface BackTarget {
  to: string;
  label: string;
}

/**
 * The link state that tells the next page where "Back" goes: `<Link to={…} state={backState(location,
 * 'your results')}>`. It returns to the very address, query included (a filtered list, a result).
 */
export function backState(location: { pathname: string; search: string }, label: string) {
  return { back: { to: `${location.pathname}${location.search}`, label } satisfies BackTarget };
}

function carriedBack(state: unknown): BackTarget | null {
  if (typeof state !== 'object' || state === null || !('back' in state)) return null;
  const back = (state as { back: unknown }).back;
  if (typeof back !== 'object' || back === null) return null;
  const { to, label } = back as Record<string, unknown>;
  // Only a path inside the app: the state is the page's own, but a link must never lead elsewhere.
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') && typeof label === 'string'
    ? { to, label }
    : null;
}

/** "Back to …": where the member came from when the link that opened the page said so, else `fallback`. */
export function BackLink({ fallback }: { fallback: BackTarget }) {
  const { state } = useLocation();
  const target = carriedBack(state) ?? fallback;
  return (
    <Link to={target.to} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
      Back to {target.label}
    </Link>
  );
}
