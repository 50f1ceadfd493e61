import { HomeLink } from '../ui/HomeLink.tsx';
import { Main } from './layouts/Main.tsx';

/**
 * Last resort when a route fails to render, e.g. a page chunk that could not be downloaded.
 * It replaces the whole shell, so it brings its own landmark.
 */
export function RouteErrorPage() {
  return (
    <Main layout="none" className="min-h-dvh pb-safe">
      <section className="space-y-3 py-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Something went wrong</h1>
        <p className="text-slate-700">This screen could not be shown. Check your connection and try again.</p>
        <HomeLink />
      </section>
    </Main>
  );
}
