/**
 * Issue 17's first screens: the pages visitors open first, none of which needs a session, with the API
 * reads each makes as it opens for a visitor (preloaded with the HTML). They must be the app's URLs to the
 * letter, or the browser fetches twice: the e2e test "a page drawn at build time preloads its first reads
 * at the very URLs the app asks" holds them to it. (The server draws `/`, `/community` and `/partners` with
 * their data when it can, app/visitorFirstReads.ts, and leaves these preloads out of those.)
 */
export const prerenderedPages: ReadonlyArray<{ path: string; module: string; apiReads: string[] }> = [
  {
    path: '/',
    module: 'src/features/home/HomePage.tsx',
    apiReads: ['/api/videos/featured', '/api/videos/shorts'],
  },
  { path: '/chat', module: 'src/features/chat/ChatPage.tsx', apiReads: ['/api/chat/quota'] },
  {
    path: '/community',
    module: 'src/features/community/CommunityPage.tsx',
    apiReads: ['/api/community/posts', '/api/community/topics'],
  },
  {
    path: '/partners',
    module: 'src/features/partners/PartnersPage.tsx',
    apiReads: ['/api/partners?pageSize=20&page=1'],
  },
  { path: '/skills-public', module: 'src/features/skills/SkillsPublicPage.tsx', apiReads: [] },
];
