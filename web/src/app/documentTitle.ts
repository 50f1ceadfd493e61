/**
 * The title before any script runs (index.html's <title>, SPEC's mobile-application title), also the
 * installed app's name. Once the router runs, every screen, Home included, follows one pattern.
 */
export const appTitle = 'Uplift - Mobile App';

export function documentTitleFor(pageTitle: string): string {
  return `${pageTitle} · Uplift`;
}
