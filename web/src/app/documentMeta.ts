/**
 * What the document says of each screen: its <title> and its <meta name="description">. Routes carry both
 * in their handle (routes.tsx), RootShell applies them on every navigation, and the build's prerendered
 * pages take theirs from the same handle (src/prerender.tsx, decision 0035).
 */

/**
 * The title before any script runs (index.html's <title>, SPEC's mobile-application title), also the
 * installed app's name. Once the router runs, every screen, Home included, follows one pattern.
 */
export const appTitle = 'Uplift - Mobile App';

/**
 * index.html's description (SPEC §2: a mobile app built on a web framework and cloud services), which
 * every screen without a description of its own keeps. htmlAndManifest.test.ts holds the two equal.
 */
export const appDescription =
  'Uplift is a mobile app for professional development, built with React and cloud services: skills assessment, the Vale AI assistant, community and partners.';

export function documentTitleFor(pageTitle: string): string {
  return `${pageTitle} · Uplift`;
}

export function documentDescriptionFor(pageDescription: string | undefined): string {
  return pageDescription ?? appDescription;
}
