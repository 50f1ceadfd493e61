/** Must match <title> in index.html, which shows before any script runs. */
export const appTitle = 'Uplift - Mobile App';

export function documentTitleFor(path: string, pageTitle: string): string {
  return path === '/' ? appTitle : `${pageTitle} · Uplift`;
}
